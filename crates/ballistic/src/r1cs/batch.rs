//! Batch verification of R1CS proofs: any circuits and sizes, one multiscalar
//! multiplication over the shared generators, invalid proofs named by bisection.

// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
use alloc::vec::Vec;
use core::borrow::BorrowMut;
use core::fmt;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::verifier::{Check, Equation, Verifier};
use super::R1CSProof;
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};

/// The proofs of a batch that do not verify, by the index [`BatchVerifier::add`]
/// returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// Indices of the invalid proofs, ascending.
    pub invalid: Vec<usize>,
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} proof(s) of the batch do not verify: {:?}",
            self.invalid.len(),
            self.invalid
        )
    }
}

impl core::error::Error for BatchError {}

/// Verifies many R1CS proofs at once: each is checked against its own verifier
/// (its circuit and transcript) as it is added, and all verification equations
/// are combined with random weights into one multiscalar multiplication. The
/// verdict equals the AND of the single verifications (up to a `2^-250`
/// soundness error); on failure the invalid proofs are found by bisection.
///
/// Each pending proof keeps `3·n` scalars (`n` its number of multipliers: its
/// flattened constraint weights) until [`BatchVerifier::verify`]: 2.4 MiB for a
/// SHA-256 compression proof.
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{BatchVerifier, ConstraintSystem, Prover, Verifier};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
/// let mut batch = BatchVerifier::new(&pc, &bp);
/// for (a, b) in [(2u64, 3u64), (4, 5), (6, 7)] {
///     let mut p = Prover::new(&pc, Transcript::new(b"batch"));
///     let (ca, va) = p.commit(Scalar::from(a), Scalar::from(1u64));
///     let (cb, vb) = p.commit(Scalar::from(b), Scalar::from(2u64));
///     let (_, _, o) = p.multiply(va.into(), vb.into());
///     p.constrain(o - a * b);
///     let proof = p.prove(&bp)?;
///     let mut v = Verifier::new(Transcript::new(b"batch"));
///     let (va, vb) = (v.commit(ca), v.commit(cb));
///     let (_, _, o) = v.multiply(va.into(), vb.into());
///     // The third verifier expects a different product: that proof is invalid.
///     v.constrain(o - if a == 6 { 41 } else { a * b });
///     batch.add(v, &proof);
/// }
/// assert_eq!(batch.verify().unwrap_err().invalid, vec![2]);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub struct BatchVerifier<'g, C: Curve> {
    pc_gens: &'g PedersenGens<C>,
    bp_gens: &'g BulletproofGens<C>,
    /// Per added proof: its equation, or `None` if it failed before the final check.
    items: Vec<Option<Equation<C>>>,
}

impl<C: Curve> fmt::Debug for BatchVerifier<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchVerifier")
            .field("proofs", &self.items.len())
            .finish()
    }
}

impl<'g, C: Curve> BatchVerifier<'g, C> {
    /// An empty batch over shared Pedersen bases and generators.
    pub fn new(pc_gens: &'g PedersenGens<C>, bp_gens: &'g BulletproofGens<C>) -> Self {
        BatchVerifier {
            pc_gens,
            bp_gens,
            items: Vec::new(),
        }
    }

    /// Adds `proof` with the verifier that built its circuit (its commitments and
    /// constraints, before [`Verifier::verify`]); returns the proof's index. A proof
    /// that fails already here (malformed for its circuit, too large for the
    /// generators) is recorded as invalid.
    pub fn add<T: BorrowMut<Transcript>>(
        &mut self,
        verifier: Verifier<C, T>,
        proof: &R1CSProof<C>,
    ) -> usize {
        self.items.push(
            verifier
                .equation(proof, self.bp_gens)
                .ok()
                .map(|(eq, _)| eq),
        );
        self.items.len() - 1
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Checks every proof added, with the operating system's RNG for the weights.
    ///
    /// # Errors
    /// [`BatchError`] with the indices of the invalid proofs.
    #[cfg(feature = "std")]
    pub fn verify(&self) -> Result<(), BatchError> {
        self.verify_with_rng(&mut rand_core::OsRng)
    }

    /// [`BatchVerifier::verify`] with the caller's RNG.
    ///
    /// # Errors
    /// [`BatchError`] with the indices of the invalid proofs.
    pub fn verify_with_rng<R: RngCore + CryptoRng>(&self, rng: &mut R) -> Result<(), BatchError> {
        let mut invalid: Vec<usize> = Vec::new();
        let valid: Vec<usize> = (0..self.items.len())
            .filter(|&i| {
                let ok = matches!(self.items.get(i), Some(Some(_)));
                if !ok {
                    invalid.push(i);
                }
                ok
            })
            .collect();
        if !valid.is_empty() && !self.check(&valid, rng) {
            self.bisect(&valid, rng, &mut invalid);
        }
        if invalid.is_empty() {
            Ok(())
        } else {
            invalid.sort_unstable();
            Err(BatchError { invalid })
        }
    }

    /// Finds the invalid proofs of `set`, which is known to fail as a whole.
    fn bisect<R: RngCore + CryptoRng>(&self, set: &[usize], rng: &mut R, invalid: &mut Vec<usize>) {
        if let [i] = set {
            invalid.push(*i);
            return;
        }
        let (left, right) = set.split_at(set.len() / 2);
        if self.check(left, rng) {
            // The whole failed and the left half passed: the right half fails.
            self.bisect(right, rng, invalid);
        } else {
            self.bisect(left, rng, invalid);
            if !self.check(right, rng) {
                self.bisect(right, rng, invalid);
            }
        }
    }

    /// One multiscalar multiplication over the proofs `set`, with fresh weights.
    fn check<R: RngCore + CryptoRng>(&self, set: &[usize], rng: &mut R) -> bool {
        let eqs: Vec<&Equation<C>> = set
            .iter()
            .filter_map(|&i| self.items.get(i).and_then(Option::as_ref))
            .collect();
        if eqs.len() != set.len() {
            return false;
        }
        let np = eqs.iter().map(|e| e.gens.len()).max().unwrap_or(0);
        let dynamic: usize = eqs
            .iter()
            .map(|e| e.ipa_scalars.len() + e.t_scalars.len())
            .sum();
        let mut check = Check::new(np, dynamic);
        for (k, eq) in eqs.into_iter().enumerate() {
            // The first equation's weight is one: a combination with the others'
            // random weights still vanishes only if every equation holds, except
            // with probability about 1/ℓ per draw.
            let weight = match k {
                0 => Ok(C::scalar_one()),
                _ => C::scalar_random_nonzero(rng),
            };
            let (Ok(weight), Ok(r)) = (weight, C::scalar_random_nonzero(rng)) else {
                return false;
            };
            check.add(eq, weight, r);
        }
        check.holds(self.pc_gens, self.bp_gens)
    }
}
