//! The byte-level API (what the C, Python and Go bindings pass through) never panics
//! on any statement and any bytes: `Params::check`, `verify`, a batch and `rewind`
//! each return a verdict, and whatever decodes has the length the statement names.
#![no_main]
use ballistic_api::{rewind, verify, BatchVerifier, Curve, ErrorCode, Params, Protocol};
use libfuzzer_sys::fuzz_target;

/// Takes `n` bytes from the front of `data` (fewer if it is shorter).
fn take<'a>(data: &mut &'a [u8], n: usize) -> &'a [u8] {
    let (head, tail) = data.split_at(n.min(data.len()));
    *data = tail;
    head
}

fn u64_of(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
    u64::from_le_bytes(b)
}

fuzz_target!(|data: &[u8]| {
    let mut data = data;
    let head = take(&mut data, 8);
    let byte = |i: usize| head.get(i).copied().unwrap_or(0);
    let curve = if byte(0) & 1 == 0 { Curve::Ristretto255 } else { Curve::Secp256k1 };
    let protocol = if byte(0) & 2 == 0 { Protocol::Bp } else { Protocol::BpPlus };
    // Bit widths around the valid 1..=64, a few values, degrees around 1..=6.
    let bits = usize::from(byte(1) % 70);
    let m = usize::from(byte(2) % 6);
    let mut params = Params::new(curve, protocol, bits)
        .with_extension_degree(usize::from(byte(3) % 8));
    let domain = take(&mut data, usize::from(byte(4) % 8)).to_vec();
    params.domain = domain;
    if byte(5) & 1 != 0 {
        let a = u64_of(take(&mut data, 8));
        let b = u64_of(take(&mut data, 8));
        params = params.with_range(a, b);
        if byte(5) & 2 != 0 {
            params.bits = usize::from(byte(6) % 70);
        }
    }
    if byte(5) & 4 != 0 {
        params.min_values = (0..m).map(|_| u64_of(take(&mut data, 2))).collect();
    }
    if byte(5) & 8 != 0 {
        params.extra_commit = Some(take(&mut data, usize::from(byte(7) % 16)).to_vec());
    }
    if byte(5) & 16 != 0 {
        // secp256k1-zkp generator sets around the valid sizes (even, >= 2·n·m,
        // <= MAX_GENERATORS), small enough to derive within a run.
        const COUNTS: [usize; 10] =
            [0, 1, 2, 126, 128, 256, 257, 512, 1024, ballistic_api::MAX_GENERATORS + 2];
        params.generators = Some(COUNTS[usize::from(byte(3) >> 3) % COUNTS.len()]);
    }
    let point = curve.commitment_bytes();
    let commitments: Vec<Vec<u8>> = (0..m).map(|_| take(&mut data, point).to_vec()).collect();
    let proof = data;

    let checked = params.check(m);
    let verdict = verify(&params, &commitments, proof);
    if let Err(e) = &checked {
        assert_eq!(verdict.as_ref().err(), Some(e), "{params:?}");
    } else if verdict.is_ok() {
        assert_eq!(proof.len(), params.proof_len(m));
    }
    let mut batch = BatchVerifier::new();
    let added = batch.add(&params, &commitments, proof);
    let again = batch.add(&params, &commitments, proof);
    assert_eq!(added.is_ok(), again.is_ok());
    let failures = batch.verify();
    if added.is_ok() {
        // The batch and the single verifier agree.
        assert_eq!(failures.is_empty(), verdict.is_ok(), "{params:?}");
        assert!(failures.iter().all(|(_, e)| e.code() != ErrorCode::Panic));
    }
    if let Some(c) = commitments.first() {
        let nonce = [byte(7); 32];
        let _ = rewind(&params, c, proof, &nonce, Some(u64::from(byte(6))));
        let _ = rewind(&params, c, proof, &nonce, None);
    }
});
