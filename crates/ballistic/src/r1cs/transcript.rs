//! The R1CS protocol's Fiat–Shamir messages, on a Merlin transcript: dalek's
//! `r1cs v1` labels and order byte for byte (ristretto255), the same labels with
//! 33-byte points and big-endian scalars on secp256k1.
//!
//! Order: `dom-sep`=`r1cs v1` at construction; `V` per commitment; then at proving
//! time `m`, `A_I1`, `A_O1`, `S1`, `dom-sep`=`r1cs-1phase`|`r1cs-2phase`, the
//! second-phase challenges of the gadgets, `A_I2`, `A_O2`, `S2`, challenges `y`,
//! `z`, `T_1`, `T_3`..`T_6`, challenges `u`, `x`, `t_x`, `t_x_blinding`,
//! `e_blinding`, challenge `w`, then the inner-product argument (`ipp v1`).

#![allow(non_snake_case)]

use merlin::Transcript;

use super::R1CSError;
use crate::curve::{Curve, ProofPoint};

/// Starts an R1CS proof.
pub(super) fn domain_sep(t: &mut Transcript) {
    t.append_message(b"dom-sep", b"r1cs v1");
}

/// Marks the end of the first phase: `two_phase` if gadgets registered
/// randomized constraints.
pub(super) fn phase_sep(t: &mut Transcript, two_phase: bool) {
    let label: &[u8] = if two_phase {
        b"r1cs-2phase"
    } else {
        b"r1cs-1phase"
    };
    t.append_message(b"dom-sep", label);
}

/// Absorbs a point encoding.
pub(super) fn append_point<C: Curve>(t: &mut Transcript, label: &'static [u8], e: &C::Encoding) {
    t.append_message(label, C::encoding_bytes(e));
}

/// Absorbs a proof point that must not be the identity (dalek's
/// `validate_and_append_point`), checked on the decoded point.
pub(super) fn validate_and_append_point<C: Curve>(
    t: &mut Transcript,
    label: &'static [u8],
    P: &ProofPoint<C>,
) -> Result<(), R1CSError> {
    if C::is_identity(&P.point) {
        return Err(R1CSError::VerificationError);
    }
    append_point::<C>(t, label, &P.encoding);
    Ok(())
}

/// Absorbs a scalar (the curve's 32-byte canonical encoding).
pub(super) fn append_scalar<C: Curve>(t: &mut Transcript, label: &'static [u8], s: &C::Scalar) {
    t.append_message(label, &C::scalar_to_bytes(s));
}

/// Draws a challenge (64 bytes reduced); a zero challenge is an error.
pub(super) fn challenge<C: Curve>(
    t: &mut Transcript,
    label: &'static [u8],
    err: R1CSError,
) -> Result<C::Scalar, R1CSError> {
    crate::transcript::merlin_challenge::<C>(t, label).ok_or(err)
}
