//! Declassification points of the provers, for the constant-time harness.
//!
//! The provers (range proofs, R1CS and Bulletproofs+) are constant-time in the
//! values, blindings (Bulletproofs+' masks), witness assignments and their randomness
//! (seed nonces included). Some values derived from them are *public by design* and
//! the prover branches on them or hands them to variable-time code; each such point
//! calls a `declassify_*` function here, with the reason at the call site:
//!
//! | what | why it may be public |
//! |---|---|
//! | `V_j`, `A`, `S`, `T_1`, `T_2`, `t_x`, `t_x_blinding`, `e_blinding` | they are the proof and the statement |
//! | whether every value is in range | the API's result says so (`ValueOutOfRange`) |
//! | whether a secp256k1-zkp ChaCha20 nonce block is retried | it happens with probability ≈ 2^−127 and reveals only that one output exceeded ℓ (secp256k1-zkp does the same) |
//! | Bulletproofs+: whether a drawn nonce is zero and drawn again | it happens with probability ≤ 2^−252 and reveals only that one draw was zero (Tari's `random_not_zero` draws again too) |
//! | Bulletproofs+: `V_j`, `A`, `L_j`, `R_j`, `A1`, `B`, `r1`, `s1`, `d1_k`; whether every value is in range | they are the proof and the statement; the API's result says so (`ValueOutOfRange`) |
//! | `l = l(x)`, `r = r(x)` | blinded by uniformly random `s_L·x`, `s_R·x`; Bulletproofs' Protocol 1 sends them in the clear, so the variable-time inner-product argument over them reveals nothing about the witness |
//! | R1CS: `V_j`, `A_I1`, `A_O1`, `S1`, `A_I2`, `A_O2`, `S2`, `T_1`, `T_3` … `T_6`, `t_x`, `t_x_blinding`, `e_blinding` | they are the proof and the statement |
//! | R1CS: whether the assignments satisfy the constraints and the multipliers declared small | the API's result says so (`Unsatisfied`, `GadgetError`) |
//! | R1CS: `l = l(x)`, `r = r(x)` | blinded by uniformly random `s_L·x³`, `y^i·s_R·x³` (and `0`, `−y^i` at the public padding positions), as in the range proof |
//! | SHA-256 gadgets: the digest of the preimage | it is the statement the proof is about (`prove_message` and `prove_compression` return it) |
//!
//! Without the `ct-harness` feature these functions are the identity and cost nothing.
//! With it, `crates/ct-harness` installs a hook that tells valgrind the bytes are
//! defined (libsecp256k1's `secp256k1_declassify`), so that valgrind's memcheck, with
//! the secrets marked undefined, reports any *other* secret-dependent branch or
//! memory index as an error. The hook is told which value it declassifies
//! ([`Declassified`]), so that the harness's controls can check where each secret's
//! taint arrives.

use crate::curve::{Curve, ProofPoint};

/// Which value a declassification point makes public (in the provers' order; the
/// R1CS prover's `T_1`, `t_x_blinding`, `e_blinding`, `l` and `r` reuse the range
/// prover's names).
///
/// # Example
/// ```
/// use ballistic::ct::Declassified;
/// assert_ne!(Declassified::S, Declassified::T1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Declassified {
    /// Whether a nonce is drawn again: a secp256k1-zkp ChaCha20 block, or a
    /// Bulletproofs+ nonce that was zero.
    NonceRetry,
    /// Whether every value is in range.
    InRange,
    /// A commitment `V_j`.
    Commitment,
    /// The point `A`.
    A,
    /// The point `S`.
    S,
    /// The point `T_1`.
    T1,
    /// The point `T_2`.
    T2,
    /// The scalar `t_x_blinding` (`τ_x`).
    TxBlinding,
    /// The scalar `e_blinding` (`μ`).
    EBlinding,
    /// An entry of `l = l(x)`.
    L,
    /// An entry of `r = r(x)`.
    R,
    /// R1CS: whether the assignments satisfy the constraints (or the multipliers
    /// declared small have their assignments in `{−1, 0, 1}`).
    Satisfied,
    /// R1CS: the point `A_I1` (the first phase's multiplier inputs).
    AI1,
    /// R1CS: the point `A_O1` (the first phase's multiplier outputs).
    AO1,
    /// R1CS: the point `S1`.
    S1,
    /// R1CS: the point `A_I2` (the second phase's multiplier inputs).
    AI2,
    /// R1CS: the point `A_O2`.
    AO2,
    /// R1CS: the point `S2`.
    S2,
    /// R1CS: the point `T_3`.
    T3,
    /// R1CS: the point `T_4`.
    T4,
    /// R1CS: the point `T_5`.
    T5,
    /// R1CS: the point `T_6`.
    T6,
    /// Bulletproofs+: a round's `L_j` of the weighted inner-product argument.
    WipL,
    /// Bulletproofs+: a round's `R_j`.
    WipR,
    /// Bulletproofs+: the final round's `A1`.
    WipA1,
    /// Bulletproofs+: the final round's `B`.
    WipB,
    /// Bulletproofs+: the scalar `r1`.
    WipR1,
    /// Bulletproofs+: the scalar `s1`.
    WipS1,
    /// Bulletproofs+: a scalar `d1_k`.
    WipD1,
    /// R1CS: the scalar `t_x = t(x)` (the range proof's is computed from the
    /// declassified `l`, `r`).
    Tx,
    /// Shared outputs: whether an audited party's `τ_x` share is consistent with
    /// its messages and the value shares the auditor supplies (possibly secret).
    ShareAudit,
    /// SHA-256 gadgets: the digest of the secret preimage, which the statement names.
    Digest,
}

#[cfg(feature = "ct-harness")]
static HOOK: spin::Once<fn(Declassified, &mut [u8])> = spin::Once::new();

/// Installs the declassification hook (once; later calls are ignored).
///
/// # Example
/// ```
/// use ballistic::ct::Declassified;
/// fn mark_defined(_what: Declassified, _bytes: &mut [u8]) {
///     /* e.g. VALGRIND_MAKE_MEM_DEFINED */
/// }
/// ballistic::ct::set_declassify_hook(mark_defined);
/// ```
#[cfg(feature = "ct-harness")]
pub fn set_declassify_hook(hook: fn(Declassified, &mut [u8])) {
    HOOK.call_once(|| hook);
}

#[inline(always)]
fn declassify_bytes(_what: Declassified, _bytes: &mut [u8]) {
    #[cfg(feature = "ct-harness")]
    if let Some(hook) = HOOK.get() {
        hook(_what, _bytes);
    }
}

/// A public copy of a secret-derived bit.
#[inline(always)]
pub(crate) fn declassify_bool(what: Declassified, choice: subtle::Choice) -> bool {
    let mut b = [choice.unwrap_u8()];
    declassify_bytes(what, &mut b);
    b[0] == 1
}

/// A public copy of secret-derived bytes.
#[inline(always)]
pub(crate) fn declassify_array<const N: usize>(what: Declassified, mut bytes: [u8; N]) -> [u8; N] {
    declassify_bytes(what, &mut bytes);
    bytes
}

/// A public copy of a secret-derived scalar.
#[inline(always)]
pub(crate) fn declassify_scalar<C: Curve>(_what: Declassified, s: C::Scalar) -> C::Scalar {
    #[cfg(feature = "ct-harness")]
    if HOOK.get().is_some() {
        let mut bytes = C::scalar_to_bytes(&s);
        declassify_bytes(_what, &mut bytes);
        if let Some(d) = C::scalar_from_canonical_bytes(&bytes) {
            return d;
        }
    }
    s
}

/// A public copy of a secret-derived point (re-decoded from its declassified encoding).
#[inline(always)]
pub(crate) fn declassify_point<C: Curve>(_what: Declassified, p: ProofPoint<C>) -> ProofPoint<C> {
    #[cfg(feature = "ct-harness")]
    if HOOK.get().is_some() {
        let mut bytes = alloc::vec::Vec::from(C::encoding_bytes(&p.encoding));
        declassify_bytes(_what, &mut bytes);
        if let Some(encoding) = C::encoding_from_bytes(&bytes) {
            if let Some(point) = C::decode(&encoding) {
                return ProofPoint { point, encoding };
            }
        }
    }
    p
}

/// Overwrites secret intermediate points (a prover's partial sums) with the
/// identity before their memory is released; the writes are kept by passing the
/// slice through [`core::hint::black_box`].
pub(crate) fn wipe_points<C: Curve>(points: &mut [C::Point]) {
    for p in points.iter_mut() {
        *p = C::identity();
    }
    core::hint::black_box(points);
}
