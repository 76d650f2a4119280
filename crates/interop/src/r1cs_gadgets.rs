//! Circuits ("gadgets") written once and compiled against two R1CS implementations:
//! ballistic's on ristretto255 ([`ours`]) and dalek's `bulletproofs` 4.0.0 with
//! `yoloproofs` ([`dalek4`]).
//!
//! The two crates have the same constraint-system traits, operators and prover and
//! verifier calls, but different `Scalar` types (curve25519-dalek 5 against
//! curve25519-dalek-ng 4, whose constructors are spelled `Scalar::ONE` and
//! `Scalar::one()`). The `r1cs_gadgets!` macro below takes the crate's path, its
//! scalar and commitment types and the expression of the scalar one, and expands the
//! same source into one module per crate, so that the circuits proved and verified on
//! either side are the same by construction.
//!
//! Each module has three gadgets, the circuits of dalek's R1CS tests:
//!
//! * `shuffle`: the committed outputs are a permutation of the committed inputs
//!   (two phases: `Π(x_i − z) = Π(y_i − z)` for a challenge `z` drawn after every
//!   value is committed; `2(k − 1)` multipliers);
//! * `range`: a value has `n` bits (`n` multipliers, `2n + 1` constraints);
//! * `example`: `(a1 + a2)·(b1 + b2) = c1 + c2` (one multiplier);
//!
//! and, for each, a `prove_*` and a `verify_*` function with the transcripts of
//! dalek's tests, which also return the transcript after the proof so that a test can
//! check that both sides end in the same transcript state.
//!
//! # Example
//! A shuffle proved by ballistic and verified by dalek's crate:
//! ```
//! use interop::r1cs_gadgets::{dalek4, ours, SHUFFLE_TEST_LABEL};
//! use interop::{commitments_to_ng, random_blindings};
//!
//! let mut rng = rand::thread_rng();
//! let input: Vec<ballistic::ristretto::Scalar> = [3u64, 1, 2].map(Into::into).to_vec();
//! let output: Vec<ballistic::ristretto::Scalar> = [1u64, 2, 3].map(Into::into).to_vec();
//! let (blindings, _) = random_blindings(&mut rng, 6);
//!
//! let (pc, bp) = (ballistic::ristretto::PedersenGens::default(),
//!     ballistic::ristretto::BulletproofGens::new(4, 1));
//! let (proof, commitments, _) =
//!     ours::prove_shuffle(&pc, &bp, SHUFFLE_TEST_LABEL, &input, &output, &blindings).unwrap();
//!
//! let proof = interop::bulletproofs4::r1cs::R1CSProof::from_bytes(&proof.to_bytes()).unwrap();
//! let (pc, bp) = (interop::bulletproofs4::PedersenGens::default(),
//!     interop::bulletproofs4::BulletproofGens::new(4, 1));
//! let commitments = commitments_to_ng(&commitments);
//! assert!(dalek4::verify_shuffle(&pc, &bp, SHUFFLE_TEST_LABEL, &proof, &commitments).is_ok());
//! ```

/// The first transcript label of dalek's shuffle tests.
pub const SHUFFLE_TEST_LABEL: &[u8] = b"ShuffleProofTest";
/// The first transcript label of dalek's shuffle benchmark.
pub const SHUFFLE_BENCH_LABEL: &[u8] = b"ShuffleBenchmark";
/// The transcript label of dalek's range-gadget test.
pub const RANGE_LABEL: &[u8] = b"RangeProofTest";
/// The transcript label of dalek's example-gadget test.
pub const EXAMPLE_LABEL: &[u8] = b"R1CSExampleGadget";

/// Expands the gadgets and their prove/verify functions into `mod $name`, against
/// the crate at `$($krate)::+` (which has `r1cs`, `PedersenGens` and
/// `BulletproofGens`), with its scalar type, its compressed-point type and the
/// expression of the scalar one.
macro_rules! r1cs_gadgets {
    (
        $(#[$meta:meta])*
        mod $name:ident {
            krate: $($krate:ident)::+,
            scalar: $Scalar:ty,
            compressed: $Compressed:ty,
            one: $one:expr $(,)?
        }
    ) => {
        $(#[$meta])*
        pub mod $name {
            use merlin::Transcript;
            use $($krate)::+::r1cs::{
                ConstraintSystem, LinearCombination, Prover, R1CSError, R1CSProof,
                RandomizableConstraintSystem, RandomizedConstraintSystem, Variable, Verifier,
            };
            use $($krate)::+::{BulletproofGens, PedersenGens};

            /// The scalar type of this crate's constraint systems.
            pub type Scalar = $Scalar;
            /// The commitment type of this crate's provers and verifiers.
            pub type Commitment = $Compressed;

            fn gadget_error(description: &str) -> R1CSError {
                R1CSError::GadgetError {
                    description: description.into(),
                }
            }

            /// Constrains the values of `y` to be a permutation of those of `x` (dalek's
            /// k-shuffle gadget).
            ///
            /// For `k = 1` the single constraint `y_0 = x_0`. For `k ≥ 2`, a second-phase
            /// constraint: with the challenge `z` ("shuffle challenge") drawn after every
            /// first-phase variable is committed, `Π(x_i − z) = Π(y_i − z)`, each product
            /// a chain of `k − 1` multipliers from the last two entries down to the first.
            /// Two polynomials with equal values at a random point are equal (except with
            /// probability `k / ℓ`), so the multisets are.
            ///
            /// # Errors
            /// [`R1CSError::GadgetError`] if `x` and `y` differ in length or are empty.
            pub fn shuffle<CS: RandomizableConstraintSystem>(
                cs: &mut CS,
                x: Vec<Variable>,
                y: Vec<Variable>,
            ) -> Result<(), R1CSError> {
                if x.len() != y.len() {
                    return Err(gadget_error("shuffle: inputs and outputs differ in number"));
                }
                match (x.as_slice(), y.as_slice()) {
                    ([], []) => Err(gadget_error("shuffle: no inputs")),
                    ([x0], [y0]) => {
                        cs.constrain(*y0 - *x0);
                        Ok(())
                    }
                    _ => cs.specify_randomized_constraints(move |cs| {
                        let z = cs.challenge_scalar(b"shuffle challenge");
                        let (Some(px), Some(py)) = (
                            product_of_differences(cs, &x, z),
                            product_of_differences(cs, &y, z),
                        ) else {
                            return Err(gadget_error("shuffle: fewer than two inputs"));
                        };
                        cs.constrain(px - py);
                        Ok(())
                    }),
                }
            }

            /// `Π(v_i − z)` as the output of a chain of `len − 1` multipliers: first
            /// `(v_{len−1} − z)·(v_{len−2} − z)`, then times `(v_i − z)` for `i` from
            /// `len − 3` down to 0. `None` for fewer than two entries.
            fn product_of_differences<CS: ConstraintSystem>(
                cs: &mut CS,
                v: &[Variable],
                z: Scalar,
            ) -> Option<Variable> {
                let [rest @ .., second_to_last, last] = v else {
                    return None;
                };
                let (_, _, mut product) = cs.multiply(*last - z, *second_to_last - z);
                for vi in rest.iter().rev() {
                    product = cs.multiply(product.into(), *vi - z).2;
                }
                Some(product)
            }

            /// Constrains `v` to lie in `[0, 2^n)` (dalek's range gadget): one multiplier
            /// per bit with inputs `(1 − b_i, b_i)` and output 0, the constraint
            /// `(1 − b_i) + b_i − 1 = 0`, and finally `v − Σ b_i·2^i = 0`. The prover
            /// passes `Some(value)`, the verifier `None`.
            ///
            /// # Errors
            /// [`R1CSError::MissingAssignment`] for a prover without a value.
            pub fn range<CS: ConstraintSystem>(
                cs: &mut CS,
                v: LinearCombination,
                value: Option<u64>,
                n: usize,
            ) -> Result<(), R1CSError> {
                // v − Σ_{j<i} b_j·2^j, and 2^i.
                let mut rest = v;
                let mut power: Scalar = $one;
                for i in 0..n {
                    let bit_assignment = value.map(|q| {
                        let bit = u32::try_from(i)
                            .ok()
                            .and_then(|s| q.checked_shr(s))
                            .unwrap_or(0)
                            & 1;
                        (Scalar::from(1 - bit), Scalar::from(bit))
                    });
                    let (not_bit, bit, product) = cs.allocate_multiplier(bit_assignment)?;
                    cs.constrain(product.into());
                    cs.constrain(not_bit + (bit - 1u64));
                    rest = rest - bit * power;
                    power = power + power;
                }
                cs.constrain(rest);
                Ok(())
            }

            /// Constrains `(a1 + a2)·(b1 + b2) = c1 + c2` (dalek's example gadget): one
            /// multiplier, three constraints.
            pub fn example<CS: ConstraintSystem>(
                cs: &mut CS,
                a1: LinearCombination,
                a2: LinearCombination,
                b1: LinearCombination,
                b2: LinearCombination,
                c1: LinearCombination,
                c2: LinearCombination,
            ) {
                let (_, _, product) = cs.multiply(a1 + a2, b1 + b2);
                cs.constrain(c1 + c2 - product);
            }

            /// The transcript of dalek's shuffle test and benchmark: `label`, then
            /// `dom-sep` = `ShuffleProof` and `k`.
            pub fn shuffle_transcript(label: &'static [u8], k: usize) -> Transcript {
                let mut t = Transcript::new(label);
                t.append_message(b"dom-sep", b"ShuffleProof");
                t.append_u64(b"k", k as u64);
                t
            }

            /// Proves that `output` is a permutation of `input`: commits the inputs,
            /// then the outputs, with `blindings` (inputs' then outputs', `2k` in all),
            /// runs [`shuffle`] and proves. Returns the proof, the `2k` commitments and
            /// the transcript after the proof.
            ///
            /// # Errors
            /// [`R1CSError::GadgetError`] if the lengths do not match; the prover's
            /// errors.
            pub fn prove_shuffle(
                pc: &PedersenGens,
                bp: &BulletproofGens,
                label: &'static [u8],
                input: &[Scalar],
                output: &[Scalar],
                blindings: &[Scalar],
            ) -> Result<(R1CSProof, Vec<Commitment>, Transcript), R1CSError> {
                let k = input.len();
                if output.len() != k || blindings.len() != 2 * k {
                    return Err(gadget_error("prove_shuffle: lengths do not match"));
                }
                let mut prover = Prover::new(pc, shuffle_transcript(label, k));
                let (commitments, vars): (Vec<_>, Vec<_>) = input
                    .iter()
                    .chain(output)
                    .zip(blindings)
                    .map(|(v, b)| prover.commit(*v, *b))
                    .unzip();
                let (x, y) = vars.split_at(k);
                shuffle(&mut prover, x.to_vec(), y.to_vec())?;
                let (proof, transcript) = prover.prove_and_return_transcript(bp)?;
                Ok((proof, commitments, transcript))
            }

            /// Verifies a shuffle proof over `commitments` (the `k` inputs' then the `k`
            /// outputs'); returns the transcript after verification.
            ///
            /// # Errors
            /// [`R1CSError::GadgetError`] for an odd number of commitments; the
            /// verifier's errors.
            pub fn verify_shuffle(
                pc: &PedersenGens,
                bp: &BulletproofGens,
                label: &'static [u8],
                proof: &R1CSProof,
                commitments: &[Commitment],
            ) -> Result<Transcript, R1CSError> {
                if commitments.len() % 2 != 0 {
                    return Err(gadget_error("verify_shuffle: odd number of commitments"));
                }
                let k = commitments.len() / 2;
                let mut verifier = Verifier::new(shuffle_transcript(label, k));
                let vars: Vec<Variable> = commitments.iter().map(|c| verifier.commit(*c)).collect();
                let (x, y) = vars.split_at(k);
                shuffle(&mut verifier, x.to_vec(), y.to_vec())?;
                verifier.verify_and_return_transcript(proof, pc, bp)
            }

            /// Proves that `value` has `n` bits ([`range`], transcript
            /// [`RANGE_LABEL`](super::RANGE_LABEL)); returns the proof, the commitment and
            /// the transcript after the proof.
            ///
            /// # Errors
            /// The prover's errors.
            pub fn prove_range(
                pc: &PedersenGens,
                bp: &BulletproofGens,
                value: u64,
                blinding: Scalar,
                n: usize,
            ) -> Result<(R1CSProof, Commitment, Transcript), R1CSError> {
                let mut prover = Prover::new(pc, Transcript::new(super::RANGE_LABEL));
                let (commitment, var) = prover.commit(Scalar::from(value), blinding);
                range(&mut prover, var.into(), Some(value), n)?;
                let (proof, transcript) = prover.prove_and_return_transcript(bp)?;
                Ok((proof, commitment, transcript))
            }

            /// Verifies a proof that the value committed in `commitment` has `n` bits;
            /// returns the transcript after verification.
            ///
            /// # Errors
            /// The verifier's errors.
            pub fn verify_range(
                pc: &PedersenGens,
                bp: &BulletproofGens,
                proof: &R1CSProof,
                commitment: Commitment,
                n: usize,
            ) -> Result<Transcript, R1CSError> {
                let mut verifier = Verifier::new(Transcript::new(super::RANGE_LABEL));
                let var = verifier.commit(commitment);
                range(&mut verifier, var.into(), None, n)?;
                verifier.verify_and_return_transcript(proof, pc, bp)
            }

            /// Proves `(a1 + a2)·(b1 + b2) = c1 + c2` for the committed
            /// `values = [a1, a2, b1, b2, c1]` and the public `c2` ([`example`], transcript
            /// [`EXAMPLE_LABEL`](super::EXAMPLE_LABEL)); returns the proof, the five
            /// commitments and the transcript after the proof.
            ///
            /// # Errors
            /// The prover's errors.
            pub fn prove_example(
                pc: &PedersenGens,
                bp: &BulletproofGens,
                values: [u64; 5],
                blindings: &[Scalar; 5],
                c2: u64,
            ) -> Result<(R1CSProof, Vec<Commitment>, Transcript), R1CSError> {
                let mut prover = Prover::new(pc, Transcript::new(super::EXAMPLE_LABEL));
                let (commitments, vars): (Vec<_>, Vec<_>) = values
                    .iter()
                    .zip(blindings)
                    .map(|(v, b)| prover.commit(Scalar::from(*v), *b))
                    .unzip();
                example_over(&mut prover, &vars, c2)?;
                let (proof, transcript) = prover.prove_and_return_transcript(bp)?;
                Ok((proof, commitments, transcript))
            }

            /// Verifies an [`example`] proof over five commitments and the public `c2`;
            /// returns the transcript after verification.
            ///
            /// # Errors
            /// [`R1CSError::GadgetError`] unless there are five commitments; the
            /// verifier's errors.
            pub fn verify_example(
                pc: &PedersenGens,
                bp: &BulletproofGens,
                proof: &R1CSProof,
                commitments: &[Commitment],
                c2: u64,
            ) -> Result<Transcript, R1CSError> {
                let mut verifier = Verifier::new(Transcript::new(super::EXAMPLE_LABEL));
                let vars: Vec<Variable> = commitments.iter().map(|c| verifier.commit(*c)).collect();
                example_over(&mut verifier, &vars, c2)?;
                verifier.verify_and_return_transcript(proof, pc, bp)
            }

            /// [`example`] over five committed variables and the constant `c2`.
            fn example_over<CS: ConstraintSystem>(
                cs: &mut CS,
                vars: &[Variable],
                c2: u64,
            ) -> Result<(), R1CSError> {
                let [a1, a2, b1, b2, c1] = vars else {
                    return Err(gadget_error("example: five commitments expected"));
                };
                let lc = |v: &Variable| LinearCombination::from(*v);
                example(
                    cs,
                    lc(a1),
                    lc(a2),
                    lc(b1),
                    lc(b2),
                    lc(c1),
                    LinearCombination::from(Scalar::from(c2)),
                );
                Ok(())
            }
        }
    };
}

r1cs_gadgets! {
    /// The gadgets over ballistic's R1CS on ristretto255 (`ballistic::ristretto::r1cs`,
    /// curve25519-dalek 5 scalars).
    ///
    /// # Example
    /// ```
    /// use interop::r1cs_gadgets::ours;
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(128, 1));
    /// let (proof, v, _) = ours::prove_range(&pc, &bp, 1000, Scalar::from(5u64), 10).unwrap();
    /// assert!(ours::verify_range(&pc, &bp, &proof, v, 10).is_ok());
    /// assert!(ours::verify_range(&pc, &bp, &proof, v, 9).is_err());
    /// ```
    mod ours {
        krate: ballistic::ristretto,
        scalar: ballistic::ristretto::Scalar,
        compressed: ballistic::ristretto::CompressedRistretto,
        one: ballistic::ristretto::Scalar::ONE,
    }
}

r1cs_gadgets! {
    /// The gadgets over dalek's `bulletproofs` 4.0.0 R1CS (`yoloproofs`,
    /// curve25519-dalek-ng 4 scalars).
    ///
    /// # Example
    /// ```
    /// use interop::r1cs_gadgets::dalek4;
    /// use interop::bulletproofs4::{BulletproofGens, PedersenGens};
    /// use interop::curve25519_dalek_ng::scalar::Scalar;
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(128, 1));
    /// let blindings = [1u64, 2, 3, 4, 5].map(Scalar::from);
    /// let (proof, v, _) = dalek4::prove_example(&pc, &bp, [3, 4, 6, 1, 40], &blindings, 9).unwrap();
    /// assert!(dalek4::verify_example(&pc, &bp, &proof, &v, 9).is_ok());
    /// assert!(dalek4::verify_example(&pc, &bp, &proof, &v, 10).is_err());
    /// ```
    mod dalek4 {
        krate: bulletproofs4,
        scalar: curve25519_dalek_ng::scalar::Scalar,
        compressed: curve25519_dalek_ng::ristretto::CompressedRistretto,
        one: curve25519_dalek_ng::scalar::Scalar::one(),
    }
}
