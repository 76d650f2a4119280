//! Range proofs: `0 <= v_j < 2^n` for every committed value `V_j = v_j·B + γ_j·B̃`.
//!
//! One implementation serves every curve ([`crate::curve::Curve`]) and every
//! transcript flavour ([`crate::transcript::TranscriptProtocol`]). The notation
//! (`A`, `S`, `T_1`, `T_2`, `t_x`, …) is the one of `docs/range-proof.md`; padding
//! for shapes whose `n·m` is not a power of two is specified in `docs/padding.md`.
//!
//! * [`prover`]: constant-time in the values and blindings (policy in its module doc).
//! * [`verifier`]: every check folded into one multiscalar multiplication.
//! * [`batch`]: many proofs of any shapes in one multiscalar multiplication.
//! * [`wire`]: the byte layout of dalek's `bulletproofs` crate.
//! * [`zkp`]: secp256k1-zkp's byte layout, transcript, nonces and rewinding.

#![allow(non_snake_case)]

pub mod batch;
pub mod prover;
pub mod verifier;
pub mod wire;
pub mod zkp;

use crate::curve::Curve;
use crate::inner_product::{InnerProductProof, ProofPoint};

/// The structural choices of a wire format's protocol (the transcript flavour is the
/// other half; see [`crate::transcript`]). One prover and one verifier serve both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// dalek's `bulletproofs`: the inner-product argument folds lo/hi halves down to
    /// one element; its base is `Q = w·B`; `N'` is padded to a power of two.
    Dalek,
    /// secp256k1-zkp: the argument folds even/odd neighbours (lo/hi halves of the
    /// bit-reversed order) down to two elements; its base is `Q = w·B̃`. secp256k1-zkp
    /// has `n·m` a power of two; ballistic also pads other shapes (docs/padding.md),
    /// which the C library cannot verify. See `docs/secp256k1-zkp-format.md`.
    Zkp,
}

impl Variant {
    /// Length of the inner-product argument's final vectors for `N'` generators.
    pub(crate) fn ipa_final_len(self, np: usize) -> usize {
        match self {
            Variant::Dalek => 1,
            Variant::Zkp => np.min(2),
        }
    }

    /// The position in the argument's working order of generator `i` of `np`
    /// (the bit reversal of `i` for [`Variant::Zkp`]; an involution).
    pub(crate) fn ipa_position(self, i: usize, np: usize) -> usize {
        match self {
            Variant::Dalek => i,
            Variant::Zkp => {
                let lg = np.trailing_zeros();
                if lg == 0 {
                    0
                } else {
                    i.reverse_bits() >> (usize::BITS - lg)
                }
            }
        }
    }
}

/// A range proof for one or more values (generic over the curve).
///
/// Use the curve facades, e.g. [`crate::ristretto::RangeProof`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeProof<C: Curve> {
    pub(crate) variant: Variant,
    pub(crate) A: ProofPoint<C>,
    pub(crate) S: ProofPoint<C>,
    pub(crate) T_1: ProofPoint<C>,
    pub(crate) T_2: ProofPoint<C>,
    pub(crate) t_x: C::Scalar,
    pub(crate) t_x_blinding: C::Scalar,
    pub(crate) e_blinding: C::Scalar,
    pub(crate) ipp_proof: InnerProductProof<C>,
}

impl<C: Curve> RangeProof<C> {
    /// The number of inner-product rounds, `⌈log2(n·m)⌉`.
    pub fn rounds(&self) -> usize {
        self.ipp_proof.rounds()
    }
}

/// Checks a shape against the limits and the generators; returns the padded length.
pub(crate) fn check_shape<C: Curve>(
    bp_gens: &crate::generators::BulletproofGens<C>,
    n: usize,
    m: usize,
    variant: Variant,
) -> Result<usize, crate::ProofError> {
    use crate::ProofError;
    if n == 0 || n > crate::MAX_BITS {
        return Err(ProofError::InvalidBitsize);
    }
    if m == 0 || m > crate::MAX_AGGREGATION {
        return Err(ProofError::InvalidAggregation);
    }
    // Every variant accepts every shape: secp256k1-zkp itself only has `n·m` a power
    // of two; other shapes use the padding rule of docs/padding.md.
    let _ = variant;
    if !bp_gens.supports(n, m) {
        return Err(ProofError::InvalidGeneratorsLength);
    }
    Ok(crate::util::padded_len(n, m))
}

/// `δ(y, z) = (z − z²)·Σ_{i<N'} y^i − (2^n − 1)·Σ_{j<m} z^{j+3}`.
pub(crate) fn delta<C: Curve>(n: usize, m: usize, y: &C::Scalar, z: &C::Scalar) -> C::Scalar {
    use crate::util::{sum_of_powers_pow2, two_pow_minus_one};
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

use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::transcript::TranscriptProtocol;
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

/// The API of dalek's `bulletproofs` crate, for every curve.
impl<C: Curve> RangeProof<C> {
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
    pub fn prove_single_with_rng<T: TranscriptProtocol<C>, R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn prove_single<T: TranscriptProtocol<C>>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn prove_multiple_with_rng<T: TranscriptProtocol<C>, R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn prove_multiple<T: TranscriptProtocol<C>>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn verify_single_with_rng<T: TranscriptProtocol<C>, R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn verify_single<T: TranscriptProtocol<C>>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn verify_multiple_with_rng<T: TranscriptProtocol<C>, R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
    pub fn verify_multiple<T: TranscriptProtocol<C>>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
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
mod tests;
#[cfg(test)]
mod toy_tests;
