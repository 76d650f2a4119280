//! Differential verification: one statement and one proof given to ballistic and to
//! a peer verifier, and the two verdicts compared, with every known difference named.
//!
//! * ristretto255 against dalek's `bulletproofs` 5 ([`RistrettoPeers`]), on dalek's
//!   shapes only ([`dalek_shape`]: `n ∈ {8, 16, 32, 64}`, `m ∈ {1, 2, 4, 8}`, the
//!   statements dalek's verifier accepts at all). No verdict differs: ballistic
//!   rejects identity points already when parsing, dalek when verifying (both
//!   reject); both accept identity commitments.
//! * secp256k1 against secp256k1-zkp's C verifier ([`ZkpPeers`]). The C is more
//!   lenient in two encodings (`docs/secp256k1-zkp-format.md` §9.2), each a
//!   [`Leniency`]: the C accepts a proof that ballistic rejects with
//!   [`ProofError::FormatError`] exactly when the proof uses one of them and
//!   ballistic accepts it once they are removed ([`canonical_zkp_encoding`]).
//!   Shapes the C cannot take without aborting (more than half its generators)
//!   are compared without calling it: ballistic must reject them.
//!
//! # Example
//! ```
//! use interop::peers::{Agreement, Leniency, ZkpPeers};
//! let peers = ZkpPeers::new(256);
//! let blind = [0x11u8; 32];
//! let commit = peers.c.commit(7, &blind).expect("commits");
//! let proof = peers.c.prove(&[7], &[blind], 8, &[3u8; 32], None, None, None).expect("proves");
//! let same = peers.compare(&proof, &[commit], 8, None).expect("no mismatch");
//! assert_eq!(same.agreement, Agreement::Same(true));
//! let mut unused_bit = proof.clone();
//! unused_bit[64] |= 0x80; // bits 4..7 of the first flag byte are unused
//! let lenient = peers.compare(&unused_bit, &[commit], 8, None).expect("documented");
//! assert_eq!(lenient.agreement, Agreement::CLenient(vec![Leniency::UnusedFlagBit]));
//! ```

use ballistic::merlin::Transcript;
use ballistic::range_proof::zkp::wire::proof_len;
use ballistic::ristretto::CompressedRistretto;
use ballistic::secp256k1 as secp;
use ballistic::ProofError;
use rand::{CryptoRng, RngCore};

use crate::commitments_to_v4;
use crate::zkp::ZkpContext;

/// One case compared: how the verdicts relate, and ballistic's own result (its error
/// says how far verification got: [`ProofError::FormatError`] before any equation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// How the two verdicts relate.
    pub agreement: Agreement,
    /// ballistic's result.
    pub ours: Result<(), ProofError>,
}

/// How two verifiers' verdicts on one case relate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Both accept (`true`) or both reject (`false`).
    Same(bool),
    /// The C accepts, ballistic rejects with [`ProofError::FormatError`], and the proof
    /// uses these [`Leniency`]s of the C (ballistic accepts it without them).
    CLenient(Vec<Leniency>),
    /// The shape needs more generators than the C's set has (the C would abort):
    /// the C is not called, ballistic rejects.
    BeyondCGenerators,
}

/// An encoding secp256k1-zkp's verifier accepts and ballistic's strict parser does
/// not (`docs/secp256k1-zkp-format.md` §9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Leniency {
    /// A bit of a flag bit vector that no point uses is set (byte 64 bits 4..7, the
    /// tail of the `L`/`R` bit vector): the C ignores it.
    UnusedFlagBit,
    /// An x-coordinate holds a value `>= p`: the C reduces it modulo `p`.
    UnreducedXCoordinate,
}

/// Whether `(n, m)` is a statement shape dalek's `bulletproofs` verifier takes:
/// `n ∈ {8, 16, 32, 64}` and `m ∈ {1, 2, 4, 8}` (dalek needs `m` a power of two; 8
/// is the party capacity of [`RistrettoPeers`]).
///
/// # Example
/// ```
/// assert!(interop::peers::dalek_shape(64, 2));
/// assert!(!interop::peers::dalek_shape(48, 2) && !interop::peers::dalek_shape(64, 3));
/// ```
pub fn dalek_shape(n: usize, m: usize) -> bool {
    matches!(n, 8 | 16 | 32 | 64) && matches!(m, 1 | 2 | 4 | 8)
}

/// Both sides' ristretto255 generators (`BulletproofGens::new(64, 8)`, the default
/// Pedersen bases).
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::{RangeProof, Scalar};
/// use interop::peers::{Agreement, RistrettoPeers};
/// let peers = RistrettoPeers::new();
/// let (bp, pc) = peers.ours();
/// let mut rng = rand::thread_rng();
/// let (proof, v) = RangeProof::prove_multiple_with_rng(
///     bp, pc, &mut Transcript::new(b"doc"), &[5], &[Scalar::from(9u64)], 8, &mut rng,
/// )
/// .expect("proves");
/// let same = peers.compare(&proof.to_bytes(), &v, 8, b"doc", &mut rng).expect("agree");
/// assert_eq!(same.agreement, Agreement::Same(true));
/// let other = peers.compare(&proof.to_bytes(), &v, 8, b"other", &mut rng).expect("agree");
/// assert_eq!(other.agreement, Agreement::Same(false));
/// ```
pub struct RistrettoPeers {
    ours_bp: ballistic::ristretto::BulletproofGens,
    ours_pc: ballistic::ristretto::PedersenGens,
    dalek_bp: bulletproofs::BulletproofGens,
    dalek_pc: bulletproofs::PedersenGens,
}

impl Default for RistrettoPeers {
    fn default() -> Self {
        Self::new()
    }
}

impl RistrettoPeers {
    /// Generators for every [`dalek_shape`] on both sides.
    pub fn new() -> Self {
        RistrettoPeers {
            ours_bp: ballistic::ristretto::BulletproofGens::new(64, 8),
            ours_pc: ballistic::ristretto::PedersenGens::default(),
            dalek_bp: bulletproofs::BulletproofGens::new(64, 8),
            dalek_pc: bulletproofs::PedersenGens::default(),
        }
    }

    /// ballistic's generators (for proving).
    pub fn ours(
        &self,
    ) -> (
        &ballistic::ristretto::BulletproofGens,
        &ballistic::ristretto::PedersenGens,
    ) {
        (&self.ours_bp, &self.ours_pc)
    }

    /// dalek's generators (for proving).
    pub fn dalek(&self) -> (&bulletproofs::BulletproofGens, &bulletproofs::PedersenGens) {
        (&self.dalek_bp, &self.dalek_pc)
    }

    /// ballistic's verdict (parse, then verify) on `proof` for `commitments` of `n`
    /// bits under the transcript label `label`.
    pub fn ours_verify<R: RngCore + CryptoRng>(
        &self,
        proof: &[u8],
        commitments: &[CompressedRistretto],
        n: usize,
        label: &'static [u8],
        rng: &mut R,
    ) -> Result<(), ProofError> {
        ballistic::ristretto::RangeProof::from_bytes(proof)?.verify_multiple_with_rng(
            &self.ours_bp,
            &self.ours_pc,
            &mut Transcript::new(label),
            commitments,
            n,
            rng,
        )
    }

    /// dalek's verdict (parse, then verify) on the same case.
    pub fn dalek_verify<R: RngCore + CryptoRng>(
        &self,
        proof: &[u8],
        commitments: &[CompressedRistretto],
        n: usize,
        label: &'static [u8],
        rng: &mut R,
    ) -> Result<(), bulletproofs::ProofError> {
        bulletproofs::RangeProof::from_bytes(proof)?.verify_multiple_with_rng(
            &self.dalek_bp,
            &self.dalek_pc,
            &mut Transcript::new(label),
            &commitments_to_v4(commitments),
            n,
            rng,
        )
    }

    /// Both verdicts on one case, compared: `Ok` with [`Agreement::Same`], or `Err`
    /// describing the mismatch (a finding).
    ///
    /// # Panics
    /// If `(n, commitments.len())` is not a [`dalek_shape`].
    pub fn compare<R: RngCore + CryptoRng>(
        &self,
        proof: &[u8],
        commitments: &[CompressedRistretto],
        n: usize,
        label: &'static [u8],
        rng: &mut R,
    ) -> Result<Compared, String> {
        assert!(
            dalek_shape(n, commitments.len()),
            "n = {n}, m = {} is not one of dalek's shapes",
            commitments.len()
        );
        let ours = self.ours_verify(proof, commitments, n, label, rng);
        let theirs = self.dalek_verify(proof, commitments, n, label, rng);
        if ours.is_ok() == theirs.is_ok() {
            Ok(Compared {
                agreement: Agreement::Same(ours.is_ok()),
                ours,
            })
        } else {
            Err(format!(
                "ballistic {ours:?}, dalek {theirs:?} (n = {n}, m = {})",
                commitments.len()
            ))
        }
    }
}

/// The C's context and ballistic's generators for one secp256k1-zkp generator count.
pub struct ZkpPeers {
    /// secp256k1-zkp (the FFI wrapper), also for proving and committing.
    pub c: ZkpContext,
    /// ballistic's generator set of the same count.
    pub ours_bp: secp::BulletproofGens,
    ours_pc: secp::PedersenGens,
}

impl ZkpPeers {
    /// `n_generators` generators on both sides (256 is Grin's set).
    ///
    /// # Panics
    /// As [`ZkpContext::new`]: if `n_generators` is odd or below 2.
    pub fn new(n_generators: usize) -> Self {
        ZkpPeers {
            c: ZkpContext::new(n_generators),
            ours_bp: secp::zkp_generators(n_generators),
            ours_pc: secp::PedersenGens::default(),
        }
    }

    /// ballistic's verdict (parse, then verify) on `proof` for `commitments` of `n`
    /// bits, with the optional extra commitment.
    pub fn ours_verify(
        &self,
        proof: &[u8],
        commitments: &[[u8; 33]],
        n: usize,
        extra: Option<&[u8]>,
    ) -> Result<(), ProofError> {
        let mut transcript = match extra {
            Some(e) => secp::Transcript::new().with_extra_commit(e),
            None => secp::Transcript::new(),
        };
        secp::RangeProof::from_bytes(proof)?.verify_multiple(
            &self.ours_bp,
            &self.ours_pc,
            &mut transcript,
            commitments,
            n,
        )
    }

    /// Both verdicts on one case, compared (see [`Agreement`]); `Err` describes an
    /// undocumented mismatch (a finding).
    ///
    /// # Panics
    /// If `commitments` is empty or `n` is not in `1..=64` (the C would abort; these
    /// are not statements).
    pub fn compare(
        &self,
        proof: &[u8],
        commitments: &[[u8; 33]],
        n: usize,
        extra: Option<&[u8]>,
    ) -> Result<Compared, String> {
        let ours = self.ours_verify(proof, commitments, n, extra);
        let agreement = self.agreement(&ours, proof, commitments, n, extra)?;
        Ok(Compared { agreement, ours })
    }

    /// How ballistic's result `ours` relates to the C's verdict on the same case.
    fn agreement(
        &self,
        ours: &Result<(), ProofError>,
        proof: &[u8],
        commitments: &[[u8; 33]],
        n: usize,
        extra: Option<&[u8]>,
    ) -> Result<Agreement, String> {
        let m = commitments.len();
        if !self.c.supports(n, m) {
            return match ours {
                Err(_) => Ok(Agreement::BeyondCGenerators),
                Ok(()) => Err(format!(
                    "ballistic accepts n = {n}, m = {m}, beyond {} generators",
                    self.c.n_generators()
                )),
            };
        }
        let theirs = self.c.verify(proof, commitments, n, extra);
        match (ours, theirs) {
            (Ok(()), true) => Ok(Agreement::Same(true)),
            (Err(_), false) => Ok(Agreement::Same(false)),
            (Err(ProofError::FormatError), true) => {
                let (leniencies, canonical) = canonical_zkp_encoding(proof);
                let canonical_ok = self.ours_verify(&canonical, commitments, n, extra);
                if !leniencies.is_empty() && canonical_ok.is_ok() {
                    Ok(Agreement::CLenient(leniencies))
                } else {
                    Err(format!(
                        "the C accepts, ballistic rejects with FormatError; leniencies \
                         {leniencies:?}, without them ballistic says {canonical_ok:?} \
                         (n = {n}, m = {m})"
                    ))
                }
            }
            (ours, theirs) => Err(format!(
                "ballistic {ours:?}, secp256k1-zkp {theirs} (n = {n}, m = {m})"
            )),
        }
    }
}

/// p, the field prime of secp256k1, big-endian.
const P: [u8; 32] = {
    let mut p = [0xffu8; 32];
    p[27] = 0xfe;
    p[30] = 0xfc;
    p[31] = 0x2f;
    p
};

/// Where the fields of a secp256k1-zkp proof are (`docs/secp256k1-zkp-format.md` §8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZkpLayout {
    /// The flag bit vectors: (offset, bits used, bytes).
    pub flags: Vec<(usize, usize, usize)>,
    /// The offsets of the 32-byte big-endian scalars.
    pub scalars: Vec<usize>,
    /// The offsets of the 32-byte x-coordinates.
    pub xs: Vec<usize>,
}

impl ZkpLayout {
    /// The layout of a proof of `len` bytes; `None` for a length no shape has.
    ///
    /// # Example
    /// ```
    /// let l = interop::peers::ZkpLayout::of_len(675).expect("a 64-bit proof");
    /// assert_eq!(l.flags, [(64, 4, 1), (353, 10, 2)]);
    /// assert_eq!((l.scalars.len(), l.xs.len()), (7, 14));
    /// ```
    pub fn of_len(len: usize) -> Option<Self> {
        let rounds: usize = match len {
            289 | 353 => 0,
            _ => (1..32).find(|&r| proof_len(1 << (r + 1)) == len)?,
        };
        let mut flags = vec![(64, 4, 1)];
        let xs_start = if rounds > 0 {
            let bytes = (2 * rounds).div_ceil(8);
            flags.push((353, 2 * rounds, bytes));
            353 + bytes
        } else {
            len
        };
        Some(ZkpLayout {
            flags,
            // −τx, −μ, then t and the final a, b from offset 193.
            scalars: [0, 32]
                .into_iter()
                .chain((193..len.min(353)).step_by(32))
                .collect(),
            xs: [65, 97, 129, 161]
                .into_iter()
                .chain((xs_start..len).step_by(32))
                .collect(),
        })
    }

    /// The unused bits of the flag bit vectors, as (byte offset, mask).
    pub fn unused_bits(&self) -> Vec<(usize, u8)> {
        self.flags
            .iter()
            .flat_map(|&(offset, used, bytes)| {
                (used..8 * bytes).map(move |bit| (offset + bit / 8, 1u8 << (bit % 8)))
            })
            .collect()
    }
}

/// The [`Leniency`]s a secp256k1-zkp proof uses, and the proof with them removed
/// (unused flag bits cleared, x-coordinates `>= p` reduced modulo `p`): the encoding
/// the C reads the same way and ballistic's parser accepts. A length no shape has
/// is returned unchanged (the C rejects it before reading).
///
/// # Example
/// ```
/// use interop::peers::{canonical_zkp_encoding, Leniency};
/// let mut proof = vec![0u8; 675];
/// proof[354] = 0x04; // the L/R bit vector of a 64-bit proof uses 10 bits
/// let (found, canonical) = canonical_zkp_encoding(&proof);
/// assert_eq!(found, [Leniency::UnusedFlagBit]);
/// assert_eq!(canonical, vec![0u8; 675]);
/// ```
pub fn canonical_zkp_encoding(proof: &[u8]) -> (Vec<Leniency>, Vec<u8>) {
    let mut out = proof.to_vec();
    let mut found = Vec::new();
    let Some(layout) = ZkpLayout::of_len(proof.len()) else {
        return (found, out);
    };
    for (byte, mask) in layout.unused_bits() {
        if out[byte] & mask != 0 {
            out[byte] &= !mask;
            found.push(Leniency::UnusedFlagBit);
        }
    }
    for offset in layout.xs {
        let x = &mut out[offset..offset + 32];
        if *x >= P[..] {
            // x − p, big-endian with borrow.
            let mut borrow = 0u16;
            for i in (0..32).rev() {
                let d = u16::from(x[i]).wrapping_sub(u16::from(P[i]) + borrow);
                x[i] = d as u8;
                borrow = u16::from(d > 0xff);
            }
            found.push(Leniency::UnreducedXCoordinate);
        }
    }
    found.sort();
    found.dedup();
    (found, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_of_known_lengths() {
        // §8's table: 1-bit, 2-bit, 4-bit and 64-bit proofs.
        let points = vec![65, 97, 129, 161];
        let one = ZkpLayout::of_len(289).expect("1-bit proof");
        assert_eq!(one.flags, [(64, 4, 1)]);
        assert_eq!(
            (one.scalars, one.xs),
            (vec![0, 32, 193, 225, 257], points.clone())
        );
        let two = ZkpLayout::of_len(353).expect("2-bit proof");
        assert_eq!(two.scalars, [0, 32, 193, 225, 257, 289, 321]);
        assert_eq!(two.xs, points);
        let four = ZkpLayout::of_len(418).expect("4-bit proof");
        assert_eq!(four.flags, [(64, 4, 1), (353, 2, 1)]);
        assert_eq!(four.xs[4..], [354, 386]);
        let l = ZkpLayout::of_len(675).expect("64-bit proof");
        assert_eq!(l.flags, [(64, 4, 1), (353, 10, 2)]);
        assert_eq!(l.xs.len(), 14);
        assert_eq!((l.xs[4], l.xs[13]), (355, 675 - 32));
        assert_eq!(l.unused_bits().len(), 4 + 6);
        assert_eq!(l.unused_bits()[4], (354, 1 << 2));
        assert_eq!(ZkpLayout::of_len(674), None);
    }

    #[test]
    fn reduces_x_modulo_p() {
        let mut proof = vec![0u8; 289];
        proof[65..97].copy_from_slice(&P);
        proof[96] += 5; // p + 5
        proof[97..129].copy_from_slice(&[0xff; 32]); // 2^256 − 1 = p + 0x1000003d0
        let (found, c) = canonical_zkp_encoding(&proof);
        assert_eq!(found, [Leniency::UnreducedXCoordinate]);
        let mut five = [0u8; 32];
        five[31] = 5;
        assert_eq!(c[65..97], five);
        assert_eq!(
            c[97..129],
            [[0u8; 27].as_slice(), &[0x01, 0x00, 0x00, 0x03, 0xd0]].concat()
        );
        // p − 1 is a field element: unchanged.
        proof[65..97].copy_from_slice(&P);
        proof[96] -= 1;
        proof[97..129].fill(0);
        assert_eq!(canonical_zkp_encoding(&proof), (vec![], proof));
    }
}
