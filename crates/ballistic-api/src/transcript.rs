//! Merlin transcripts whose label is chosen at run time, with nothing kept.
//!
//! Merlin's `Transcript::new` takes a `&'static` label, although it only absorbs the
//! label (`append_message(b"dom-sep", label)`) and keeps no reference to it: the
//! transcript is the STROBE state alone. A label read from a proof file or passed by
//! a binding lives only for the call, so [`transcript`] hands it to
//! `Transcript::new` for the duration of that call, and nothing outlives the call:
//! no table of labels fills, however many distinct domains a process sees.

use ballistic::merlin::Transcript;

use crate::{Error, ErrorCode, MAX_DOMAIN_BYTES};

/// The size of merlin 3's `Transcript`: a 200-byte Keccak state and three bytes of
/// STROBE position and flags, aligned to 8. A field holding a reference would make
/// it larger, so this fails to compile if a merlin release starts to keep one.
const MERLIN_TRANSCRIPT_SIZE: usize = 208;
const _: () = assert!(core::mem::size_of::<Transcript>() == MERLIN_TRANSCRIPT_SIZE);

/// `Transcript::new(domain)` for a label of any lifetime, at most
/// [`MAX_DOMAIN_BYTES`] long: the same transcript (same challenges) as Merlin's
/// constructor gives for the same bytes, with no copy of the label kept.
///
/// # Errors
/// [`ErrorCode::LimitExceeded`] for a label longer than [`MAX_DOMAIN_BYTES`].
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// let domain = String::from("my protocol"); // not 'static
/// let (mut a, mut b) = (ballistic_api::transcript(domain.as_bytes())?, Transcript::new(b"my protocol"));
/// let (mut ca, mut cb) = ([0u8; 32], [0u8; 32]);
/// a.challenge_bytes(b"c", &mut ca);
/// b.challenge_bytes(b"c", &mut cb);
/// assert_eq!(ca, cb);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn transcript(domain: &[u8]) -> Result<Transcript, Error> {
    if domain.len() > MAX_DOMAIN_BYTES {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!(
                "the domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
                domain.len()
            ),
        ));
    }
    Ok(new_transcript(domain))
}

#[allow(unsafe_code)]
fn new_transcript(domain: &[u8]) -> Transcript {
    // SAFETY: the label is only read during the call: merlin 3's `Transcript::new`
    // passes it to `append_message`, which absorbs it into the STROBE state, and the
    // returned `Transcript` holds that state only (checked by its size above), so no
    // reference to `domain` outlives this function.
    let label: &'static [u8] = unsafe { core::mem::transmute::<&[u8], &'static [u8]>(domain) };
    Transcript::new(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn challenge(mut t: Transcript) -> [u8; 32] {
        let mut c = [0u8; 32];
        t.challenge_bytes(b"c", &mut c);
        c
    }

    #[test]
    fn same_transcript_as_merlin_for_every_length() {
        for len in [0usize, 1, 7, 31, 32, 33, 166, 167, 500, MAX_DOMAIN_BYTES] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + len) as u8).collect();
            let leaked: &'static [u8] = Box::leak(bytes.clone().into_boxed_slice());
            let ours = transcript(&bytes).unwrap();
            drop(bytes);
            assert_eq!(challenge(ours), challenge(Transcript::new(leaked)), "{len}");
        }
        assert_ne!(
            challenge(transcript(b"a").unwrap()),
            challenge(transcript(b"b").unwrap())
        );
        assert_eq!(
            transcript(&[0u8; MAX_DOMAIN_BYTES + 1])
                .err()
                .map(|e| e.code()),
            Some(ErrorCode::LimitExceeded)
        );
    }
}
