//! Proving: values and (optionally) the caller's blindings in, proof and
//! commitments out.

use core::fmt;

use ballistic::bp_plus::{Opening, RangeProofPlus};
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, PedersenGens};
use ballistic::range_proof::format::{Dalek, RangeProofFormat};
use ballistic::range_proof::RangeProof;
use ballistic::ristretto::Ristretto;
use ballistic::secp256k1::Secp256k1;
use ballistic::secp256k1::Zkp;
use rand::rngs::OsRng;
use rand::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use crate::{cache, Curve, Error, Params, Protocol, SCALAR_BYTES};

/// A 32-byte secret that is wiped when dropped.
pub type Secret = Zeroizing<[u8; SCALAR_BYTES]>;

/// The prover's secret inputs besides the values. Everything is wiped on drop and
/// `Debug` shows no secret.
///
/// * `blindings`: canonical scalar encodings (little-endian on ristretto255,
///   big-endian on secp256k1): one blinding per value (Bulletproofs), or
///   `extension_degree` masks per value, value by value (Bulletproofs+); `None`
///   draws them from the operating system's RNG.
/// * `rewindable`: make a one-value proof whose nonce recovers its opening
///   (ristretto255 Bulletproofs: value, blinding and message; Bulletproofs+: the
///   masks); secp256k1 Bulletproofs proofs (not range proofs) always are.
/// * `nonce`: the rewind nonce (Bulletproofs) or seed nonce (Bulletproofs+, a
///   canonical non-zero scalar) of a rewindable proof; `None` draws a fresh one. Never
///   reuse a nonce: two proofs with one nonce reveal their blindings.
///
/// ```
/// let s = ballistic_api::Secrets { rewindable: true, ..Default::default() };
/// assert!(!format!("{s:?}").contains("nonce: Some"));
/// ```
#[derive(Default)]
pub struct Secrets {
    /// The blindings (or masks); `None`: random.
    pub blindings: Option<Vec<Secret>>,
    /// Whether the proof is rewindable.
    pub rewindable: bool,
    /// The rewind or seed nonce; `None`: random (when one is used).
    pub nonce: Option<Secret>,
}

impl fmt::Debug for Secrets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Secrets")
            .field(
                "blindings",
                &self
                    .blindings
                    .as_ref()
                    .map(|b| format!("<{} redacted>", b.len())),
            )
            .field("rewindable", &self.rewindable)
            .field("nonce", &self.nonce.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// A proof with its commitments and the openings the prover must keep. The secrets
/// are wiped on drop and `Debug` shows none.
pub struct Proven {
    /// The proof bytes.
    pub proof: Vec<u8>,
    /// The commitment encodings, in the values' order.
    pub commitments: Vec<Vec<u8>>,
    /// The blindings (Bulletproofs) or masks (Bulletproofs+, `extension_degree` per
    /// value), as given or drawn.
    pub blindings: Vec<Secret>,
    /// The rewind or seed nonce of a rewindable proof (and of every secp256k1
    /// Bulletproofs proof that is not a range proof).
    pub nonce: Option<Secret>,
}

impl fmt::Debug for Proven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Proven")
            .field("proof", &format!("<{} bytes>", self.proof.len()))
            .field("commitments", &self.commitments.len())
            .field("blindings", &format!("<{} redacted>", self.blindings.len()))
            .field("nonce", &self.nonce.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// Proves `values` for the statement `params` with the OS's RNG.
///
/// # Errors
/// [`crate::ErrorCode::InvalidArgument`] or [`crate::ErrorCode::LimitExceeded`] if
/// the statement is not one [`Params::check`] accepts, a value is outside its range,
/// a blinding or nonce is not a canonical scalar or there are not as many as
/// needed, or an option does not apply ([`Secrets`]).
///
/// ```
/// use ballistic_api::{prove, verify, Curve, Params, Protocol, Secrets};
/// let params = Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_range(18, 130);
/// let proven = prove(&params, &[42], &Secrets::default())?;
/// verify(&params, &proven.commitments, &proven.proof)?;
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn prove(params: &Params, values: &[u64], secrets: &Secrets) -> Result<Proven, Error> {
    prove_with_rng(params, values, secrets, &mut OsRng)
}

/// [`prove`] with the caller's RNG (blindings, nonces and the prover's own
/// randomness).
///
/// ```
/// use ballistic_api::{prove_with_rng, Curve, Params, Protocol, Secrets};
/// use rand::SeedableRng;
/// let params = Params::new(Curve::Ristretto255, Protocol::BpPlus, 16).with_domain(b"x");
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let proven = prove_with_rng(&params, &[1, 2, 3], &Secrets::default(), &mut rng)?;
/// assert_eq!(proven.blindings.len(), 3);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn prove_with_rng<R: RngCore + CryptoRng>(
    params: &Params,
    values: &[u64],
    secrets: &Secrets,
    rng: &mut R,
) -> Result<Proven, Error> {
    let m = values.len();
    params.check(m)?;
    let per_value = params.extension_degree;
    if let Some(b) = &secrets.blindings {
        if b.len() != m * per_value {
            return Err(Error::argument(format!(
                "{} blindings for {m} values; give {} ({per_value} per value)",
                b.len(),
                m * per_value
            )));
        }
    }
    let nonce_used = match (params.curve, params.protocol) {
        (Curve::Secp256k1, Protocol::Bp) => params.range.is_none(),
        _ => secrets.rewindable,
    };
    if secrets.rewindable {
        if params.range.is_some() {
            return Err(Error::argument(
                "a range proof is not rewindable (it is about two derived values)",
            ));
        }
        if m != 1 && !(params.curve == Curve::Secp256k1 && params.protocol == Protocol::Bp) {
            return Err(Error::argument(format!(
                "a rewindable proof is about one value (got {m})"
            )));
        }
    }
    if secrets.nonce.is_some() && !nonce_used {
        return Err(Error::argument(
            "a nonce is only for rewindable proofs (and secp256k1 Bulletproofs proofs \
             that are not range proofs)",
        ));
    }
    match (params.curve, params.protocol) {
        (Curve::Ristretto255, Protocol::Bp) => prove_ristretto255(params, values, secrets, rng),
        (Curve::Secp256k1, Protocol::Bp) => prove_secp256k1(params, values, secrets, rng),
        (Curve::Ristretto255, Protocol::BpPlus) => prove_plus::<Ristretto, _>(
            params,
            values,
            secrets,
            cache::ristretto_plus_bases(params.extension_degree)?,
            &cache::ristretto_gens(params.proof_values(m)),
            rng,
        ),
        (Curve::Secp256k1, Protocol::BpPlus) => prove_plus::<Secp256k1, _>(
            params,
            values,
            secrets,
            cache::secp256k1_plus_bases(params.extension_degree)?,
            &cache::secp256k1_gens(params.proof_values(m)),
            rng,
        ),
    }
}

/// The `k`-th secret scalar: decoded from `given`, or drawn.
fn scalar<C: CurveOps, R: RngCore + CryptoRng>(
    given: Option<&[Secret]>,
    k: usize,
    what: &str,
    rng: &mut R,
) -> Result<C::Scalar, Error> {
    match given {
        None => Ok(C::scalar_random(rng)),
        Some(list) => list
            .get(k)
            .and_then(|bytes| C::scalar_from_canonical_bytes(&bytes[..]))
            .ok_or_else(|| {
                Error::argument(format!("{what}[{k}] is not a canonical {} scalar", C::NAME))
            }),
    }
}

/// Every blinding (or mask) in order, decoded or drawn, with its encoding.
fn blindings<C: CurveOps, R: RngCore + CryptoRng>(
    secrets: &Secrets,
    count: usize,
    rng: &mut R,
) -> Result<(Vec<C::ApiScalar>, Vec<Secret>), Error> {
    let mut scalars = Vec::with_capacity(count);
    let mut encoded = Vec::with_capacity(count);
    for k in 0..count {
        let s = scalar::<C, R>(secrets.blindings.as_deref(), k, "blindings", rng)?;
        encoded.push(Zeroizing::new(C::scalar_to_bytes(&s)));
        scalars.push(C::scalar_to_api(&s));
    }
    Ok((scalars, encoded))
}

/// The 32-byte nonce: given, or drawn.
fn bytes_nonce<R: RngCore>(secrets: &Secrets, rng: &mut R) -> Secret {
    match &secrets.nonce {
        Some(n) => n.clone(),
        None => {
            let mut n = Zeroizing::new([0u8; SCALAR_BYTES]);
            rng.fill_bytes(&mut n[..]);
            n
        }
    }
}

/// A Bulletproofs proof with its commitments.
type BpProven<C, F> = (RangeProof<C, F>, Vec<<C as CurveOps>::Encoding>);

/// The Bulletproofs proof of either format: `[a, b]` for a range statement, else the
/// aggregate of `values` (the library checks the values' ranges in constant time).
#[allow(clippy::too_many_arguments)]
fn prove_bp<C: CurveOps, F: RangeProofFormat<C>, R: RngCore + CryptoRng>(
    params: &Params,
    gens: &BulletproofGens<C>,
    pc: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    values: &[u64],
    blindings: &[C::ApiScalar],
    rng: &mut R,
) -> Result<BpProven<C, F>, Error> {
    match (params.range, values, blindings) {
        (Some((a, b)), [v], [g]) => RangeProof::prove_range(gens, pc, transcript, *v, g, a, b, rng)
            .map(|(p, c)| (p, vec![c])),
        _ => RangeProof::prove_multiple_with_rng(
            gens,
            pc,
            transcript,
            values,
            blindings,
            params.bits,
            rng,
        ),
    }
    .map_err(|e| Error::proving(&e))
}

/// Bulletproofs on ristretto255 in dalek's format.
fn prove_ristretto255<R: RngCore + CryptoRng>(
    params: &Params,
    values: &[u64],
    secrets: &Secrets,
    rng: &mut R,
) -> Result<Proven, Error> {
    let m = values.len();
    let (blindings, encoded) = blindings::<Ristretto, R>(secrets, m, rng)?;
    let gens = cache::ristretto_gens(params.proof_values(m));
    let pc = PedersenGens::default();
    let mut transcript = crate::transcript(&params.domain)?;
    let mut nonce = None;
    let (proof, commitments) = match (values, blindings.as_slice()) {
        ([v], [g]) if secrets.rewindable => {
            let n = bytes_nonce(secrets, rng);
            let out = ballistic::ristretto::RangeProof::prove_single_rewindable(
                &gens,
                &pc,
                &mut transcript,
                *v,
                g,
                params.bits,
                &n,
                &[0u8; crate::MESSAGE_BYTES],
            )
            .map(|(p, c)| (p, vec![c]))
            .map_err(|e| Error::proving(&e))?;
            nonce = Some(n);
            out
        }
        _ => prove_bp::<_, Dalek, _>(params, &gens, &pc, &mut transcript, values, &blindings, rng)?,
    };
    Ok(Proven {
        proof: proof.to_bytes(),
        commitments: commitments.iter().map(|c| c.as_bytes().to_vec()).collect(),
        blindings: encoded,
        nonce,
    })
}

/// Bulletproofs on secp256k1 in secp256k1-zkp's format, over the generator set of
/// [`Params::generator_count`].
fn prove_secp256k1<R: RngCore + CryptoRng>(
    params: &Params,
    values: &[u64],
    secrets: &Secrets,
    rng: &mut R,
) -> Result<Proven, Error> {
    let m = values.len();
    let (blindings, encoded) = blindings::<Secp256k1, R>(secrets, m, rng)?;
    let gens = cache::zkp_gens(params.generator_count(m));
    let pc = PedersenGens::default();
    let mut transcript = ballistic::secp256k1::Transcript::new();
    let nonce = params.range.is_none().then(|| bytes_nonce(secrets, rng));
    if let Some(n) = &nonce {
        transcript = transcript.with_nonce(**n);
    }
    if let Some(extra) = &params.extra_commit {
        transcript = transcript.with_extra_commit(extra);
    }
    let (proof, commitments) =
        prove_bp::<_, Zkp, _>(params, &gens, &pc, &mut transcript, values, &blindings, rng)?;
    Ok(Proven {
        proof: proof.to_bytes(),
        commitments: commitments.iter().map(|c| c.to_vec()).collect(),
        blindings: encoded,
        nonce,
    })
}

/// Bulletproofs+ on curve `C` over the bases `pc`.
fn prove_plus<C: CurveOps, R: RngCore + CryptoRng>(
    params: &Params,
    values: &[u64],
    secrets: &Secrets,
    pc: &ExtendedPedersenGens<C>,
    gens: &BulletproofGens<C>,
    rng: &mut R,
) -> Result<Proven, Error> {
    let m = values.len();
    let t = params.extension_degree;
    let (masks, encoded) = blindings::<C, R>(secrets, m * t, rng)?;
    let openings: Vec<Opening<'_, C>> = values
        .iter()
        .zip(masks.chunks(t))
        .map(|(&v, masks)| Opening::new(v, masks))
        .collect();
    let mut transcript = crate::transcript(&params.domain)?;
    let failed = |e: ballistic::ProofError| Error::proving(&e);
    let (proof, commitments, nonce) = match (params.range, openings.as_slice()) {
        (Some((a, b)), [opening]) => {
            let (proof, v) =
                RangeProofPlus::prove_range(gens, pc, &mut transcript, opening, a, b, rng)
                    .map_err(failed)?;
            (proof, vec![v], None)
        }
        (None, [opening]) if secrets.rewindable => {
            let seed = match &secrets.nonce {
                Some(bytes) => C::scalar_from_canonical_bytes(&bytes[..])
                    .filter(|s| !C::scalar_is_zero(s))
                    .ok_or_else(|| {
                        Error::argument(format!(
                            "the seed nonce is not a canonical non-zero {} scalar",
                            C::NAME
                        ))
                    })?,
                None => C::scalar_random_nonzero(rng).map_err(failed)?,
            };
            let encoded_seed = Zeroizing::new(C::scalar_to_bytes(&seed));
            let min_value = params.min_values.first().copied().unwrap_or(0);
            let (proof, v) = RangeProofPlus::prove_with_seed(
                gens,
                pc,
                &mut transcript,
                opening,
                min_value,
                params.bits,
                &C::scalar_to_api(&seed),
                rng,
            )
            .map_err(failed)?;
            (proof, vec![v], Some(encoded_seed))
        }
        _ => {
            let (proof, v) = RangeProofPlus::prove(
                gens,
                pc,
                &mut transcript,
                &openings,
                &params.min_values,
                params.bits,
                rng,
            )
            .map_err(failed)?;
            (proof, v, None)
        }
    };
    Ok(Proven {
        proof: proof.to_bytes(),
        commitments: commitments
            .iter()
            .map(|c| C::encoding_bytes(c).to_vec())
            .collect(),
        blindings: encoded,
        nonce,
    })
}
