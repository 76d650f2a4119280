//! No freed heap block holds a witness (issue 48, item 6): a tracking allocator
//! scans every block as it is freed for the memory image of the witness scalars
//! (the R1CS assignments and commitments, as the prover stores them) and for the
//! bytes of a SHA-256 preimage, while the provers run.
//!
//! The scan is exact: a block that still holds a pattern at an 8-aligned offset (a
//! scalar in a vector) or, for byte patterns, at any offset is counted. A positive
//! control (a vector of witness scalars grown by `push` and dropped unwiped) shows
//! that the scan finds what it looks for.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use ballistic::curve::{ristretto::Ristretto, Curve};
use ballistic::gadgets::sha256;
use ballistic::merlin::Transcript;
use ballistic::r1cs::{ConstraintSystem, Prover};
use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
use rand::{Rng, SeedableRng};

type Internal = <Ristretto as Curve>::Scalar;
const WORDS: usize = core::mem::size_of::<Internal>() / 8;

/// The most scalar patterns one scan looks for.
const MAX_PATTERNS: usize = 2048;

/// The scalar patterns (their 8-byte words), sorted by first word, and the byte
/// pattern; written only while scanning is off.
struct Patterns {
    scalars: [[u64; WORDS]; MAX_PATTERNS],
    len: usize,
    bytes: [u8; 64],
    bytes_len: usize,
}

static mut PATTERNS: Patterns = Patterns {
    scalars: [[0; WORDS]; MAX_PATTERNS],
    len: 0,
    bytes: [0; 64],
    bytes_len: 0,
};
static SCANNING: AtomicBool = AtomicBool::new(false);
static HITS: AtomicUsize = AtomicUsize::new(0);
static SCANNED: AtomicUsize = AtomicUsize::new(0);
/// One scan at a time (the tests of this file share the allocator).
static SERIAL: Mutex<()> = Mutex::new(());

struct Tracking;

/// Whether the freed block `[ptr, ptr + len)` holds a pattern.
///
/// # Safety
/// The block is readable for `len` bytes; the patterns are not being written.
unsafe fn holds_pattern(ptr: *const u8, len: usize) -> bool {
    // SAFETY: the caller's obligations; PATTERNS is written only while SCANNING is
    // false, and this runs only while it is true.
    let p = unsafe { &*core::ptr::addr_of!(PATTERNS) };
    // SAFETY: the block is readable for `len` bytes (the caller's obligation).
    let block = unsafe { core::slice::from_raw_parts(ptr, len) };
    if p.bytes_len > 0
        && block
            .windows(p.bytes_len)
            .any(|w| w == &p.bytes[..p.bytes_len])
    {
        return true;
    }
    let scalars = &p.scalars[..p.len];
    let words = len / 8;
    let word = |i: usize| -> u64 {
        u64::from_ne_bytes(block[8 * i..8 * i + 8].try_into().unwrap_or_default())
    };
    (0..words.saturating_sub(WORDS - 1)).any(|i| {
        let first = word(i);
        let start = scalars.partition_point(|s| s[0] < first);
        scalars[start..]
            .iter()
            .take_while(|s| s[0] == first)
            .any(|s| (1..WORDS).all(|k| s[k] == word(i + k)))
    })
}

// SAFETY: every allocation is the system allocator's; freeing only reads the block
// before handing it back unchanged.
unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if SCANNING.load(Ordering::SeqCst) {
            SCANNED.fetch_add(1, Ordering::Relaxed);
            // SAFETY: the block being freed is still allocated and readable.
            if unsafe { holds_pattern(ptr, layout.size()) } {
                HITS.fetch_add(1, Ordering::SeqCst);
            }
        }
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
    // `realloc` is the trait's: a new block, a copy, then `dealloc` of the old one
    // (scanned like any other).
}

#[global_allocator]
static ALLOCATOR: Tracking = Tracking;

/// The memory image of `s` as the prover stores it.
fn image(s: &Scalar) -> [u64; WORDS] {
    let internal: Internal = Ristretto::scalar_from_api(s);
    // SAFETY: `Internal` is plain data of `WORDS` 8-byte words.
    unsafe { core::mem::transmute_copy::<Internal, [u64; WORDS]>(&internal) }
}

/// Scans every block freed while `f` runs for `scalars` and `bytes`; returns the
/// number of blocks that held one, and how many blocks were scanned.
fn scan(scalars: &[Scalar], bytes: &[u8], f: impl FnOnce()) -> (usize, usize) {
    let mut images: Vec<[u64; WORDS]> = scalars.iter().map(image).collect();
    images.sort();
    assert!(images.len() <= MAX_PATTERNS && bytes.len() <= 64);
    // SAFETY: no scan is running (SERIAL is held by the caller and SCANNING is off).
    unsafe {
        let p = &mut *core::ptr::addr_of_mut!(PATTERNS);
        p.scalars[..images.len()].copy_from_slice(&images);
        p.len = images.len();
        p.bytes[..bytes.len()].copy_from_slice(bytes);
        p.bytes_len = bytes.len();
    }
    drop(images);
    HITS.store(0, Ordering::SeqCst);
    SCANNED.store(0, Ordering::SeqCst);
    SCANNING.store(true, Ordering::SeqCst);
    f();
    SCANNING.store(false, Ordering::SeqCst);
    (HITS.load(Ordering::SeqCst), SCANNED.load(Ordering::SeqCst))
}

fn random_scalar(rng: &mut impl Rng) -> Scalar {
    let mut b = [0u8; 64];
    rng.fill(&mut b[..]);
    Scalar::from_bytes_mod_order_wide(&b)
}

#[test]
fn no_freed_block_holds_a_witness() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(486);

    // Positive control: a vector of witness scalars grown by push and dropped as it
    // is leaves them in the buffers it frees.
    let secrets: Vec<Scalar> = (0..100).map(|_| random_scalar(&mut rng)).collect();
    let (hits, _) = scan(&secrets, &[], || {
        let mut v: Vec<Internal> = Vec::new();
        for s in &secrets {
            v.push(Ristretto::scalar_from_api(s));
        }
        drop(v);
    });
    assert!(hits >= 2, "the control found {hits} blocks");

    // An R1CS proof whose witness grows the prover's vectors many times over: a
    // committed value, its blinding and 300 multipliers of random inputs.
    let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(512, 1));
    let (v, v_blinding) = (random_scalar(&mut rng), random_scalar(&mut rng));
    let inputs: Vec<(Scalar, Scalar)> = (0..300)
        .map(|_| (random_scalar(&mut rng), random_scalar(&mut rng)))
        .collect();
    let mut witness = vec![v, v_blinding, v * v];
    for (l, r) in &inputs {
        witness.extend([*l, *r, l * r]);
    }
    let (hits, scanned) = scan(&witness, &[], || {
        let mut prover = Prover::new(&pc, Transcript::new(b"zeroize test"));
        let (_, x) = prover.commit(v, v_blinding);
        prover.multiply(x.into(), x.into());
        for (l, r) in &inputs {
            prover
                .allocate_multiplier(Some((*l, *r)))
                .expect("allocates");
        }
        let proof = prover.prove(&bp).expect("proves");
        drop(proof);
    });
    println!("R1CS prover: {scanned} blocks freed, {hits} held a witness scalar");
    assert_eq!(hits, 0, "{hits} freed blocks held a witness scalar");

    // A SHA-256 preimage proof: the message bytes in no freed block.
    let message: Vec<u8> = (0..48).map(|_| rng.gen()).collect();
    let bp = BulletproofGens::new(sha256::GENERATORS_CAPACITY, 1);
    let (hits, scanned) = scan(&[], &message, || {
        let (proof, _digest) =
            sha256::prove_message(&pc, &bp, Transcript::new(b"zeroize"), &message, &mut rng)
                .expect("proves");
        drop(proof);
    });
    println!("SHA-256 prover: {scanned} blocks freed, {hits} held the message");
    assert_eq!(hits, 0, "{hits} freed blocks held the preimage");
}
