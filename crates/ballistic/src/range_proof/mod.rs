//! Range proofs: `0 <= v_j < 2^n` for every committed value `V_j = v_j·B + γ_j·B̃`.
//!
//! One implementation serves every curve ([`crate::curve::Curve`]) and every wire
//! format ([`format::RangeProofFormat`]: transcript flavour, folding, codec). The notation
//! (`A`, `S`, `T_1`, `T_2`, `t_x`, …) is the one of `docs/range-proof.md`; padding
//! for shapes whose `n·m` is not a power of two is specified in `docs/padding.md`.
//!
//! * [`prover`]: constant-time in the values and blindings (policy in its module doc).
//! * [`verifier`]: every check folded into one multiscalar multiplication.
//! * [`batch`]: many proofs of any shapes in one multiscalar multiplication.
//! * [`range`]: proofs of `a <= v <= b` for public bounds.
//! * [`wire`]: the byte layout of dalek's `bulletproofs` crate.
//! * [`zkp`]: secp256k1-zkp's byte layout, transcript, nonces and rewinding.

#![allow(non_snake_case)]

pub mod batch;
pub mod format;
pub mod mpc;
mod party;
pub mod prover;
pub mod range;
pub mod rewind;
pub mod transcript;
pub mod verifier;
pub mod wire;
pub mod zkp;

use core::marker::PhantomData;

use crate::curve::Curve;
use crate::inner_product::{InnerProductProof, ProofPoint};
use format::{Dalek, RangeProofFormat};

/// A range proof for one or more values on the curve `C`, in the wire format `F`
/// ([`format`]: dalek's by default).
///
/// Use the curve facades, e.g. [`crate::ristretto::RangeProof`] (dalek's format) and
/// [`crate::secp256k1::RangeProof`] (secp256k1-zkp's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeProof<C: Curve, F = Dalek> {
    pub(crate) A: ProofPoint<C>,
    pub(crate) S: ProofPoint<C>,
    pub(crate) T_1: ProofPoint<C>,
    pub(crate) T_2: ProofPoint<C>,
    pub(crate) t_x: C::Scalar,
    pub(crate) t_x_blinding: C::Scalar,
    pub(crate) e_blinding: C::Scalar,
    pub(crate) ipp_proof: InnerProductProof<C>,
    pub(crate) format: PhantomData<F>,
}

impl<C: Curve, F> RangeProof<C, F> {
    /// The number of inner-product rounds, `⌈log2(n·m)⌉` (one less in
    /// secp256k1-zkp's format).
    pub fn rounds(&self) -> usize {
        self.ipp_proof.rounds()
    }
}

/// `δ(y, z) = (z − z²)·Σ_{i<N'} y^i − (2^n − 1)·Σ_{j<m} z^{j+3}`.
pub(crate) fn delta<C: Curve>(n: usize, m: usize, y: &C::Scalar, z: &C::Scalar) -> C::Scalar {
    use crate::curve::scalars::{sum_of_powers_pow2, two_pow_minus_one};
    let np = crate::util::padded_len(n, m);
    let zz = *z * *z;
    let mut z_pow = zz * *z;
    let mut sum_z = C::scalar_zero();
    for _ in 0..m {
        sum_z += z_pow;
        z_pow *= *z;
    }
    (*z - zz) * sum_of_powers_pow2::<C>(y, np) - two_pow_minus_one::<C>(n) * sum_z
}

/// `δ(y, z) − Σ_j z^{2+j}·o_j`: the verifier's `δ` for a statement with minimum
/// values `o_j` (`δ` itself when there are none), since `V_j − o_j·B` commits to the
/// proven number `v_j − o_j`.
pub(crate) fn delta_with_min_values<C: Curve>(
    n: usize,
    m: usize,
    y: &C::Scalar,
    z: &C::Scalar,
    min_values: &[u64],
) -> C::Scalar {
    let mut d = delta::<C>(n, m, y, z);
    let mut z_pow = *z * *z;
    for o in min_values {
        d -= z_pow * C::scalar_from_u64(*o);
        z_pow *= *z;
    }
    d
}

/// Checks minimum values against a statement of `m` values of `n` bits: one per
/// value ([`ProofError::InvalidInputLength`] otherwise), each below `2^n`
/// ([`ProofError::InvalidMinValue`] otherwise; the rule of Bulletproofs+ too).
pub(crate) fn check_min_values(
    min_values: Option<&[u64]>,
    m: usize,
    n: usize,
) -> Result<(), ProofError> {
    let Some(min_values) = min_values else {
        return Ok(());
    };
    if min_values.len() != m {
        return Err(ProofError::InvalidInputLength);
    }
    if n < 64 && min_values.iter().any(|o| o >> n != 0) {
        return Err(ProofError::InvalidMinValue);
    }
    Ok(())
}

use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

/// A proof's points, decoded from their encodings in wire order (`A, S, T_1, T_2`,
/// then `L_0, R_0, L_1, R_1, …`); shared by both wire formats.
pub(crate) struct WirePoints<C: Curve> {
    pub(crate) A: ProofPoint<C>,
    pub(crate) S: ProofPoint<C>,
    pub(crate) T_1: ProofPoint<C>,
    pub(crate) T_2: ProofPoint<C>,
    pub(crate) L_vec: Vec<ProofPoint<C>>,
    pub(crate) R_vec: Vec<ProofPoint<C>>,
}

impl<C: Curve> WirePoints<C> {
    /// Decodes all encodings in one batch ([`Curve::decode_batch_vartime`]: lane
    /// decompression, batched square roots); `FormatError` if any is invalid or the
    /// identity, or if there are not `4 + 2·rounds` of them.
    pub(crate) fn decode(enc: &[C::Encoding], rounds: usize) -> Result<Self, ProofError> {
        if enc.len() != 4 + 2 * rounds {
            return Err(ProofError::FormatError);
        }
        let points = C::decode_batch_vartime(enc).map_err(|_| ProofError::FormatError)?;
        let mut it = points.into_iter().zip(enc.iter().copied());
        let mut next = || match it.next() {
            Some((point, encoding)) if !C::is_identity(&point) => {
                Ok(ProofPoint { point, encoding })
            }
            _ => Err(ProofError::FormatError),
        };
        let (A, S, T_1, T_2) = (next()?, next()?, next()?, next()?);
        let mut L_vec = Vec::with_capacity(rounds);
        let mut R_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            L_vec.push(next()?);
            R_vec.push(next()?);
        }
        Ok(WirePoints {
            A,
            S,
            T_1,
            T_2,
            L_vec,
            R_vec,
        })
    }
}

impl<C: Curve> WirePoints<C> {
    /// The proof of these points and the decoded scalars: `t_x`, `t_x_blinding`,
    /// `e_blinding` and the argument's final vectors `a`, `b`.
    pub(crate) fn into_proof<F>(
        self,
        [t_x, t_x_blinding, e_blinding]: [C::Scalar; 3],
        a: Vec<C::Scalar>,
        b: Vec<C::Scalar>,
    ) -> RangeProof<C, F> {
        let WirePoints {
            A,
            S,
            T_1,
            T_2,
            L_vec,
            R_vec,
        } = self;
        RangeProof {
            A,
            S,
            T_1,
            T_2,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp_proof: InnerProductProof { L_vec, R_vec, a, b },
            format: PhantomData,
        }
    }
}

/// The API of dalek's `bulletproofs` crate, for every curve and format.
impl<C: Curve, F: RangeProofFormat<C>> RangeProof<C, F> {
    /// Proves `0 <= v < 2^n` for `V = v·B + v_blinding·B̃`; returns the proof and the
    /// encoding of `V`.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(64, 1), PedersenGens::default());
    /// let blinding = Scalar::from(42u64);
    /// let (proof, v) = RangeProof::prove_single_with_rng(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), 1037, &blinding, 64, &mut rand::thread_rng())?;
    /// assert!(proof.verify_single(&bp, &pc, &mut Transcript::new(b"ex"), &v, 64).is_ok());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn prove_single_with_rng<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        v: u64,
        v_blinding: &C::ApiScalar,
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, C::Encoding), ProofError> {
        let (p, mut vs) =
            prover::prove(bp_gens, pc_gens, transcript, &[v], &[*v_blinding], n, rng)?;
        let v = vs.pop().ok_or(ProofError::ProvingError)?;
        Ok((p, v))
    }

    /// [`RangeProof::prove_single_with_rng`] with the operating system's RNG.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(32, 1), PedersenGens::default());
    /// let (proof, v) = RangeProof::prove_single(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), 7, &Scalar::from(9u64), 32)?;
    /// assert!(proof.verify_single(&bp, &pc, &mut Transcript::new(b"ex"), &v, 32).is_ok());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn prove_single(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        v: u64,
        v_blinding: &C::ApiScalar,
        n: usize,
    ) -> Result<(Self, C::Encoding), ProofError> {
        Self::prove_single_with_rng(
            bp_gens,
            pc_gens,
            transcript,
            v,
            v_blinding,
            n,
            &mut rand_core::OsRng,
        )
    }

    /// Proves `0 <= v_j < 2^n` for every value, aggregated in one proof. Any `n` in
    /// `1..=64` and any number of values `m >= 1` (within the generators' capacity).
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// // Three 48-bit values: neither n nor m is a power of two.
    /// let (bp, pc) = (BulletproofGens::new(48, 3), PedersenGens::default());
    /// let blindings = [Scalar::from(1u64), Scalar::from(2u64), Scalar::from(3u64)];
    /// let (proof, vs) = RangeProof::prove_multiple_with_rng(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), &[1, 2, (1 << 48) - 1], &blindings, 48,
    ///     &mut rand::thread_rng())?;
    /// assert!(proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"ex"), &vs, 48).is_ok());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn prove_multiple_with_rng<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        values: &[u64],
        blindings: &[C::ApiScalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<C::Encoding>), ProofError> {
        prover::prove(bp_gens, pc_gens, transcript, values, blindings, n, rng)
    }

    /// [`RangeProof::prove_multiple_with_rng`] with the operating system's RNG.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(16, 2), PedersenGens::default());
    /// let bl = [Scalar::from(5u64), Scalar::from(6u64)];
    /// let (proof, vs) = RangeProof::prove_multiple(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), &[3, 4], &bl, 16)?;
    /// assert_eq!(vs.len(), 2);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn prove_multiple(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        values: &[u64],
        blindings: &[C::ApiScalar],
        n: usize,
    ) -> Result<(Self, Vec<C::Encoding>), ProofError> {
        prover::prove(
            bp_gens,
            pc_gens,
            transcript,
            values,
            blindings,
            n,
            &mut rand_core::OsRng,
        )
    }

    /// Verifies a proof for one commitment `V` to an `n`-bit value.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let (proof, v) = RangeProof::prove_single_with_rng(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), 200, &Scalar::ONE, 8, &mut rng)?;
    /// proof.verify_single_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), &v, 8, &mut rng)?;
    /// // Another statement (16 bits) is rejected.
    /// assert!(proof.verify_single(&BulletproofGens::new(16, 1), &pc,
    ///     &mut Transcript::new(b"ex"), &v, 16).is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn verify_single_with_rng<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        V: &C::Encoding,
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verify_impl(
            bp_gens,
            pc_gens,
            transcript,
            core::slice::from_ref(V),
            n,
            rng,
        )
    }

    /// [`RangeProof::verify_single_with_rng`] with the operating system's RNG.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
    /// let (proof, v) = RangeProof::prove_single(
    ///     &bp, &pc, &mut Transcript::new(b"a"), 1, &Scalar::ONE, 8)?;
    /// // A different transcript label is a different statement.
    /// assert!(proof.verify_single(&bp, &pc, &mut Transcript::new(b"b"), &v, 8).is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn verify_single(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        V: &C::Encoding,
        n: usize,
    ) -> Result<(), ProofError> {
        self.verify_single_with_rng(bp_gens, pc_gens, transcript, V, n, &mut rand_core::OsRng)
    }

    /// Verifies an aggregated proof for the commitments `value_commitments`.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(32, 4), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let bl = [Scalar::ONE; 3];
    /// let (proof, mut vs) = RangeProof::prove_multiple_with_rng(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), &[1, 2, 3], &bl, 32, &mut rng)?;
    /// proof.verify_multiple_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), &vs, 32, &mut rng)?;
    /// vs.swap(0, 1); // the order of the commitments is part of the statement
    /// assert!(proof.verify_multiple_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), &vs, 32,
    ///     &mut rng).is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn verify_multiple_with_rng<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verify_impl(bp_gens, pc_gens, transcript, value_commitments, n, rng)
    }

    /// [`RangeProof::verify_multiple_with_rng`] with the operating system's RNG.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(8, 2), PedersenGens::default());
    /// let (proof, vs) = RangeProof::prove_multiple(
    ///     &bp, &pc, &mut Transcript::new(b"ex"), &[1, 2], &[Scalar::ONE, Scalar::ONE], 8)?;
    /// proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"ex"), &vs, 8)?;
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn verify_multiple(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
    ) -> Result<(), ProofError> {
        self.verify_impl(
            bp_gens,
            pc_gens,
            transcript,
            value_commitments,
            n,
            &mut rand_core::OsRng,
        )
    }
}

#[cfg(test)]
mod range_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod toy_tests;
