//! Rewinding: what a proof's nonce reveals to its holder.

use core::fmt;

use ballistic::bp_plus::{RangeProofPlus, VerifyAction};
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::ristretto::Ristretto;
use ballistic::secp256k1::Secp256k1;
use ballistic::ProofError;
use zeroize::Zeroizing;

use crate::prove::Secret;
use crate::{cache, Curve, Error, ErrorCode, Params, Protocol, MESSAGE_BYTES};

/// What a nonce recovered from a one-value proof. Secrets are wiped on drop and
/// `Debug` shows none.
///
/// * Bulletproofs (either curve): the value, the blinding and the 20-byte message;
///   the library checks that value and blinding open the commitment.
/// * Bulletproofs+: the masks (the proof is verified first); the value is not in a
///   Bulletproofs+ proof. With a claimed `value`, [`rewind`] checks that it and the
///   masks open the commitment; without one, a wrong seed gives wrong masks, not an
///   error.
pub struct Rewound {
    /// The value (Bulletproofs), or the value that was given and checked
    /// (Bulletproofs+).
    pub value: Option<u64>,
    /// The blinding (Bulletproofs) or the masks (Bulletproofs+), canonical scalar
    /// encodings.
    pub blindings: Vec<Secret>,
    /// The 20-byte message (Bulletproofs).
    pub message: Option<[u8; MESSAGE_BYTES]>,
}

impl fmt::Debug for Rewound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rewound")
            .field("value", &self.value.map(|_| "<redacted>"))
            .field("blindings", &format!("<{} redacted>", self.blindings.len()))
            .field("message", &self.message.map(|_| "<redacted>"))
            .finish()
    }
}

/// The number of secret scalars [`rewind`] recovers for `params`: 1 (Bulletproofs'
/// blinding) or the extension degree (Bulletproofs+'s masks), once the statement is
/// checked as [`rewind`] checks it.
///
/// # Errors
/// [`Params::check`]'s for one value, and [`ErrorCode::InvalidArgument`] for a
/// range proof (not rewindable).
///
/// ```
/// use ballistic_api::{rewound_scalars, Curve, ErrorCode, Params, Protocol};
/// let p = Params::new(Curve::Ristretto255, Protocol::BpPlus, 64).with_extension_degree(3);
/// assert_eq!(rewound_scalars(&p)?, 3);
/// let bad = p.with_extension_degree(u32::MAX as usize);
/// assert_eq!(rewound_scalars(&bad).unwrap_err().code(), ErrorCode::InvalidArgument);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn rewound_scalars(params: &Params) -> Result<usize, Error> {
    params.check(1)?;
    if let Some((a, b)) = params.range {
        return Err(Error::argument(format!(
            "a range proof of [{a}, {b}]; rewinding is not supported for range proofs \
             (their proof is about two derived values)"
        )));
    }
    Ok(match params.protocol {
        Protocol::Bp => 1,
        Protocol::BpPlus => params.extension_degree,
    })
}

/// Recovers the opening of a one-value proof of `params` about `commitment` with
/// its rewind nonce (Bulletproofs) or seed nonce (Bulletproofs+); `value` is the
/// claimed value to check against the recovered masks (Bulletproofs+ only).
///
/// # Errors
/// [`ErrorCode::InvalidArgument`] for a range proof, a statement that is not about
/// one value, a `value` with Bulletproofs, or a seed that is not a canonical
/// scalar; [`ErrorCode::MalformedProof`] if the proof or commitment does not decode;
/// [`ErrorCode::InvalidProof`] if a Bulletproofs+ proof does not verify;
/// [`ErrorCode::RewindFailed`] if the nonce does not rewind the proof or the masks
/// and `value` do not open the commitment.
///
/// ```
/// use ballistic_api::{prove, rewind, Curve, Params, Protocol, Secrets};
/// let p = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
/// let proven = prove(&p, &[1234], &Secrets::default())?;
/// let nonce = proven.nonce.as_ref().unwrap();
/// let r = rewind(&p, &proven.commitments[0], &proven.proof, nonce, None)?;
/// assert_eq!(r.value, Some(1234));
/// assert_eq!(r.blindings[0], proven.blindings[0]);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn rewind(
    params: &Params,
    commitment: &[u8],
    proof: &[u8],
    nonce: &[u8; 32],
    value: Option<u64>,
) -> Result<Rewound, Error> {
    rewound_scalars(params)?;
    if value.is_some() && params.protocol == Protocol::Bp {
        return Err(Error::argument(
            "a claimed value is only for Bulletproofs+ (a Bulletproofs rewind recovers the \
             value and checks the opening itself)",
        ));
    }
    if proof.len() != params.proof_len(1) {
        return Err(Error::malformed(format!(
            "proof is {} bytes; 1 value of {} bits needs {}",
            proof.len(),
            params.bits,
            params.proof_len(1)
        )));
    }
    match (params.curve, params.protocol) {
        (Curve::Secp256k1, Protocol::Bp) => rewind_secp256k1(params, commitment, proof, nonce),
        (Curve::Ristretto255, Protocol::Bp) => {
            rewind_ristretto255(params, commitment, proof, nonce)
        }
        (Curve::Ristretto255, Protocol::BpPlus) => rewind_plus::<Ristretto>(
            params,
            commitment,
            proof,
            nonce,
            value,
            cache::ristretto_plus_bases(params.extension_degree)?,
            &cache::ristretto_gens(1),
        ),
        (Curve::Secp256k1, Protocol::BpPlus) => rewind_plus::<Secp256k1>(
            params,
            commitment,
            proof,
            nonce,
            value,
            cache::secp256k1_plus_bases(params.extension_degree)?,
            &cache::secp256k1_gens(1),
        ),
    }
}

/// The error of a library rewind.
fn rewind_error(e: ProofError, hint: &str) -> Error {
    match e {
        ProofError::RewindError => Error::new(
            ErrorCode::RewindFailed,
            format!("the nonce does not rewind this proof: {hint}"),
        ),
        other => Error::from_verifier(&other),
    }
}

/// A commitment that is not a point.
fn not_a_point(curve: Curve) -> Error {
    Error::malformed(format!(
        "the commitment is not a valid {} point",
        curve.name()
    ))
}

fn rewind_secp256k1(
    params: &Params,
    commitment: &[u8],
    proof: &[u8],
    nonce: &[u8; 32],
) -> Result<Rewound, Error> {
    use ballistic::secp256k1 as k1;
    let proof = k1::RangeProof::from_bytes(proof)
        .map_err(|_| Error::malformed("proof bytes are not canonical points and scalars"))?;
    let commitment: [u8; 33] = commitment
        .try_into()
        .ok()
        .filter(|c| Secp256k1::decode(c).is_some())
        .ok_or_else(|| not_a_point(params.curve))?;
    let mut transcript = k1::Transcript::new();
    if let Some(extra) = &params.extra_commit {
        transcript = transcript.with_extra_commit(extra);
    }
    let pc = k1::PedersenGens::default();
    let r = proof
        .rewind_with_bits(&pc, &transcript, &commitment, Some(params.bits), nonce)
        .map_err(|e| {
            rewind_error(
                e,
                "a wrong nonce, another extra commitment, or a proof made with another nonce",
            )
        })?;
    Ok(Rewound {
        value: Some(r.value),
        blindings: vec![Zeroizing::new(r.blinding.to_bytes().into())],
        message: Some(r.message),
    })
}

fn rewind_ristretto255(
    params: &Params,
    commitment: &[u8],
    proof: &[u8],
    nonce: &[u8; 32],
) -> Result<Rewound, Error> {
    use ballistic::ristretto::{CompressedRistretto, PedersenGens, RangeProof};
    let proof = RangeProof::from_bytes(proof)
        .map_err(|_| Error::malformed("proof bytes are not canonical points and scalars"))?;
    let commitment = CompressedRistretto::from_slice(commitment)
        .ok()
        .filter(|c| c.decompress().is_some())
        .ok_or_else(|| not_a_point(params.curve))?;
    let gens = cache::ristretto_gens(1);
    let pc = PedersenGens::default();
    let r = proof
        .rewind(
            &gens,
            &pc,
            &mut crate::transcript(&params.domain)?,
            &commitment,
            params.bits,
            nonce,
        )
        .map_err(|e| rewind_error(e, "a wrong nonce, or a proof not made rewindable"))?;
    Ok(Rewound {
        value: Some(r.value()),
        blindings: vec![Zeroizing::new(r.blinding().to_bytes())],
        message: Some(r.message()),
    })
}

fn rewind_plus<C: CurveOps>(
    params: &Params,
    commitment: &[u8],
    proof: &[u8],
    seed: &[u8; 32],
    value: Option<u64>,
    pc: &ExtendedPedersenGens<C>,
    gens: &BulletproofGens<C>,
) -> Result<Rewound, Error> {
    let decoded = RangeProofPlus::<C>::from_bytes(proof)
        .map_err(|_| Error::malformed("proof bytes are not canonical points and scalars"))?;
    if decoded.extension_degree() != params.extension_degree {
        return Err(Error::malformed(format!(
            "the proof's extension degree is {}, the statement's {}",
            decoded.extension_degree(),
            params.extension_degree
        )));
    }
    let encoding = C::encoding_from_bytes(commitment)
        .filter(|c| C::decode(c).is_some())
        .ok_or_else(|| not_a_point(params.curve))?;
    let seed = C::scalar_from_canonical_bytes(seed)
        .map(|s| C::scalar_to_api(&s))
        .ok_or_else(|| {
            Error::argument(format!(
                "the seed nonce is not a canonical {} scalar",
                C::NAME
            ))
        })?;
    let masks = decoded
        .recover_masks(
            gens,
            pc,
            &mut crate::transcript(&params.domain)?,
            &encoding,
            params.min_values.first().copied().unwrap_or(0),
            params.bits,
            &seed,
            VerifyAction::RecoverAndVerify,
            &mut rand::thread_rng(),
        )
        .map_err(|e| Error::from_verifier(&e))?
        .ok_or_else(|| Error::new(ErrorCode::RewindFailed, "no masks recovered"))?;
    if let Some(v) = value {
        let opens = pc
            .commit(C::scalar_to_api(&C::scalar_from_u64(v)), &masks)
            .is_ok_and(|point| C::encode(&C::point_from_api(&point)) == encoding);
        if !opens {
            return Err(Error::new(
                ErrorCode::RewindFailed,
                format!(
                    "the recovered masks and the value {v} do not open the commitment: a \
                     wrong seed nonce, or another value"
                ),
            ));
        }
    }
    Ok(Rewound {
        value,
        blindings: masks
            .iter()
            .map(|m| Zeroizing::new(C::scalar_to_bytes(&C::scalar_from_api(m))))
            .collect(),
        message: None,
    })
}
