//! Range proofs for `a <= v <= b`, public `u64` bounds `a <= b`, with the protocol
//! of the range proofs in any wire format (the construction and its security
//! argument: `docs/range-proof.md`, section "Ranges `[a, b]`").
//!
//! | name | meaning |
//! |---|---|
//! | `V` | the commitment `v·B + γ·B̃` |
//! | `k` | [`range_bits`]`(a, b)`: `⌈log2(b − a + 1)⌉`, and 1 when `a = b` |
//! | `V_lo`, `V_hi` | the derived commitments `V − a·B` (opens to `v − a` with `γ`) and `b·B − V` (opens to `b − v` with `−γ`) |
//!
//! The proof is one aggregated proof of the two values `v − a`, `b − v` in `k` bits
//! over `V_lo`, `V_hi`, in the format of a two-value proof; its transcript binds the
//! range and `V` ([`RangeStatement::with_range`]: the range statement, then the
//! protocol's statement with `m = 2` and the one commitment `V`), which determine
//! `V_lo` and `V_hi`. The verifier never computes them: its equation takes their
//! weighted sum as a multiple of `V` plus a multiple of `B`.
//!
//! [`RangeStatement::with_range`]: super::transcript::RangeStatement::with_range

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use super::format::RangeProofFormat;
use super::prover::{prove_statement, Cheat};
use super::verifier::Prepared;
use super::RangeProof;
use crate::ct::{declassify_bool, Declassified};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
pub use crate::range_statement::range_bits;
use crate::range_statement::{ct_in_range, decode_range_statement_vartime, Extras};

/// Proves `a <= v <= b` for `V = v·B + γ·B̃` in the format `F` (see the module
/// documentation); `cheat` is the test hooks' prover.
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_range<C, F, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    v: u64,
    blinding: &C::Scalar,
    a: u64,
    b: u64,
    rng: &mut R,
) -> Result<(RangeProof<C, F>, C::Encoding), ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
    R: RngCore + CryptoRng,
{
    let k = range_bits(a, b)?;
    bp_gens.check_parties(k, 2)?;
    // Public by design: the call's result says whether the statement holds.
    if !declassify_bool(Declassified::InRange, ct_in_range(v, a, b)) {
        return Err(ProofError::ValueOutOfRange);
    }
    // In range: neither difference wraps, and both are below 2^k.
    let values = Zeroizing::new([v.wrapping_sub(a), b.wrapping_sub(v)]);
    // `0 − x`, not `−x`: k256's `Neg` compiles to a branch on whether `x` is zero (the
    // constant-time harness sees it); its subtraction does not.
    let blindings = Zeroizing::new([*blinding, C::scalar_zero() - *blinding]);
    let (proof, V) = prove_statement::<C, F, R>(
        bp_gens,
        pc_gens,
        transcript,
        values.as_slice(),
        blindings.as_slice(),
        k,
        Extras {
            range: Some((a, b)),
            min_values: None,
        },
        rng,
        Cheat::default(),
    )?;
    // The statement's one commitment `V` (see `Extras::range`).
    let V = V.first().copied().ok_or(ProofError::ProvingError)?;
    Ok((proof, V))
}

/// `[a, b]` range proofs, for every curve and format.
impl<C: Curve, F: RangeProofFormat<C>> RangeProof<C, F> {
    /// Proves `a <= v <= b` for `V = v·B + blinding·B̃` and public `a <= b`; returns
    /// the proof and the encoding of `V`. The proof is an aggregated proof of
    /// `v − a` and `b − v` in [`range_bits`]`(a, b)` bits over `V − a·B` and
    /// `b·B − V`, with the range and `V` bound in the transcript (see the module
    /// documentation); `bp_gens` must support that width for two values.
    ///
    /// # Errors
    /// [`ProofError::InvalidRange`] if `a > b`; [`ProofError::ValueOutOfRange`] if
    /// `v` is outside `[a, b]`; [`ProofError::InvalidGeneratorsLength`] if the
    /// generators are too few.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
    /// use ballistic::merlin::Transcript;
    /// let (bp, pc) = (BulletproofGens::new(8, 2), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let blinding = ballistic::ristretto::random_scalar(&mut rng);
    /// let (proof, v) = RangeProof::prove_range(
    ///     &bp, &pc, &mut Transcript::new(b"age"), 42, &blinding, 18, 130, &mut rng)?;
    /// proof.verify_range(&bp, &pc, &mut Transcript::new(b"age"), &v, 18, 130, &mut rng)?;
    /// // The range is part of the statement.
    /// assert!(proof
    ///     .verify_range(&bp, &pc, &mut Transcript::new(b"age"), &v, 18, 131, &mut rng)
    ///     .is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    ///
    /// On secp256k1 in secp256k1-zkp's format (the C library cannot verify it: its
    /// transcript has no range):
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let g = Secp256k1::scalar_random(&mut rng);
    /// let (proof, v) = RangeProof::prove_range(
    ///     &bp, &pc, &mut Transcript::new(), 1000, &g, 1000, 1999, &mut rng)?;
    /// proof.verify_range(&bp, &pc, &mut Transcript::new(), &v, 1000, 1999, &mut rng)?;
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn prove_range<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        v: u64,
        blinding: &C::ApiScalar,
        a: u64,
        b: u64,
        rng: &mut R,
    ) -> Result<(Self, C::Encoding), ProofError> {
        let blinding = Zeroizing::new(C::scalar_from_api(blinding));
        prove_range::<C, F, R>(bp_gens, pc_gens, transcript, v, &blinding, a, b, rng)
    }

    /// Verifies a proof of [`RangeProof::prove_range`] that the commitment `V`
    /// opens to a value in `[a, b]`: checks the aggregated proof of two
    /// [`range_bits`]`(a, b)`-bit values over `V − a·B` and `b·B − V`, with `V` and
    /// the range bound in the transcript (in variable time: all public).
    /// [`BatchVerifier::add_range`](super::batch::BatchVerifier::add_range)
    /// checks the same statement in a batch.
    ///
    /// # Errors
    /// [`ProofError::InvalidRange`] if `a > b`; [`ProofError::VerificationError`] if
    /// the proof does not verify (or `V` is not a valid encoding); the shape errors
    /// of the generators.
    #[allow(clippy::too_many_arguments)]
    pub fn verify_range<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        V: &C::Encoding,
        a: u64,
        b: u64,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        let p = self.prepare_range(bp_gens, pc_gens, transcript, V, a, b)?;
        bp_gens.verify_over_tables(p.layout(), |tables| p.verify_alone(bp_gens, tables, rng))
    }

    /// Replays the transcript of an `[a, b]` proof for the commitment `V`: the
    /// statement of [`decode_range_statement_vartime`] with the range bound
    /// ([`Extras::range`]). The one statement of [`RangeProof::verify_range`] and
    /// [`BatchVerifier::add_range`](crate::verify::BatchVerifier::add_range); returns
    /// the replayed proof with the decoded statement it is checked against.
    pub(crate) fn prepare_range(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        V: &C::Encoding,
        a: u64,
        b: u64,
    ) -> Result<Prepared<C>, ProofError> {
        let (k, range) = decode_range_statement_vartime::<C>(V, a, b)?;
        let mut p = self.prepare_statement(
            bp_gens,
            pc_gens,
            transcript,
            core::slice::from_ref(V),
            k,
            Extras {
                range: Some((a, b)),
                min_values: None,
            },
            false,
        )?;
        p.range = Some(range);
        Ok(p)
    }
}
