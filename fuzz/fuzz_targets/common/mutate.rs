//! Structured mutations of a valid proof, shared by the differential targets: the
//! fuzzer's bytes choose a seed proof and a few edits, so that most executions
//! reach real verification instead of stopping at the parser.

/// The fuzzer's bytes, read front to back; zeros once exhausted.
pub struct Input<'a>(pub &'a [u8]);

impl Input<'_> {
    /// The next byte (0 when exhausted).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// The next little-endian `u16`.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// The next `N` bytes (zero-padded when exhausted).
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        core::array::from_fn(|_| self.byte())
    }

    /// Everything left.
    pub fn rest(&mut self) -> &[u8] {
        core::mem::take(&mut self.0)
    }
}

/// Where a proof's fields are: the offsets of its 32-byte fields (scalars and point
/// encodings or x-coordinates), the values worth trying in them, and the bits its
/// format leaves unused (byte offset, mask).
pub struct Layout<'a> {
    pub fields: &'a [usize],
    pub specials: &'a [[u8; 32]],
    pub unused_bits: &'a [(usize, u8)],
}

/// Applies up to four edits read from `input` to `proof`.
pub fn mutate(proof: &mut Vec<u8>, layout: &Layout<'_>, input: &mut Input<'_>) {
    let count = input.byte() % 5;
    for _ in 0..count {
        let op = input.byte() % 10;
        let pos = usize::from(input.u16());
        let val = input.byte();
        let len = proof.len();
        let nf = layout.fields.len();
        // A field index from `k` (fields that do not fit a shortened proof are skipped).
        let field = |k: usize, len: usize| {
            let o = layout.fields[k % nf];
            (o + 32 <= len).then_some(o)
        };
        match op {
            0 if len > 0 => proof[pos % len] ^= val.max(1),
            1 if len > 0 => proof[pos % len] = val,
            2 if len > 0 => proof[(pos / 8) % len] ^= 1 << (pos % 8),
            3 => proof.truncate(pos % (len + 1)),
            4 => proof.extend(std::iter::repeat_n(val, 1 + pos % 64)),
            5 if nf > 0 => {
                if let Some(o) = field(pos, len) {
                    let s = &layout.specials[usize::from(val) % layout.specials.len()];
                    proof[o..o + 32].copy_from_slice(s);
                }
            }
            6 | 7 if nf > 0 => {
                if let (Some(a), Some(b)) = (field(pos, len), field(usize::from(val), len)) {
                    let src: [u8; 32] = proof[a..a + 32].try_into().expect("32 bytes");
                    if op == 6 {
                        proof.copy_within(b..b + 32, a);
                    }
                    proof[b..b + 32].copy_from_slice(&src);
                }
            }
            8 if nf > 0 => {
                let bytes: [u8; 32] = input.array();
                if let Some(o) = field(pos, len) {
                    proof[o..o + 32].copy_from_slice(&bytes);
                }
            }
            9 if !layout.unused_bits.is_empty() => {
                let (o, mask) = layout.unused_bits[pos % layout.unused_bits.len()];
                if o < len {
                    proof[o] |= mask;
                }
            }
            _ => {}
        }
    }
}

/// The statement an input chooses: the index of its seed proof, the edit bits and
/// their parameter, the bit width and commitments after the shape edits, and the
/// index of the commitment the target's own edits change.
pub struct Statement<C> {
    pub seed: usize,
    pub edits: u8,
    pub param: usize,
    pub n: usize,
    pub commitments: Vec<C>,
    pub j: usize,
}

/// Reads a [`Statement`] from the input: one of `count` seeds (`seed(i)` gives its
/// bit width and commitments), then the shape edits: bits 0–1 of the edit byte take
/// another `n` from `ns`, bit 2 another `m` from `ms` (the commitments cut, or
/// extended with another seed's). The other bits are the target's.
pub fn statement<'a, C: Copy + 'a>(
    input: &mut Input<'_>,
    count: usize,
    seed: impl Fn(usize) -> (usize, &'a [C]),
    ns: &[usize],
    ms: &[usize],
) -> Statement<C> {
    let index = usize::from(input.byte()) % count;
    let edits = input.byte();
    let param = usize::from(input.byte());
    let (mut n, own) = seed(index);
    let mut commitments = own.to_vec();
    if edits & 3 != 0 {
        n = ns[param % ns.len()];
    }
    if edits & 4 != 0 {
        let m = ms[(param >> 3) % ms.len()];
        let other = seed((param >> 5) % count).1;
        while commitments.len() < m {
            commitments.push(other[commitments.len() % other.len()]);
        }
        commitments.truncate(m);
    }
    let j = usize::from(input.byte()) % commitments.len();
    Statement {
        seed: index,
        edits,
        param,
        n,
        commitments,
        j,
    }
}

/// The proof to verify: the rest of the input if `raw`, else `seed` with the edits
/// the input chooses.
pub fn proof_from(seed: &[u8], layout: &Layout<'_>, raw: bool, input: &mut Input<'_>) -> Vec<u8> {
    if raw {
        return input.rest().to_vec();
    }
    let mut proof = seed.to_vec();
    mutate(&mut proof, layout, input);
    proof
}

/// Counts outcomes and reports them on stderr after 2^12, 2^13, … executions (then
/// every 2^20), so that a run's log says what fraction reached verification.
pub struct Stats {
    pub name: &'static str,
    pub counts: std::cell::Cell<[u64; 4]>,
    pub labels: [&'static str; 4],
}

impl Stats {
    /// Counts one execution with outcome `k` (`k < 4`).
    pub fn count(&self, k: usize) {
        let mut c = self.counts.get();
        c[k] += 1;
        self.counts.set(c);
        let total: u64 = c.iter().sum();
        if (total.is_power_of_two() && total >= 1 << 12) || total.is_multiple_of(1 << 20) {
            let parts: Vec<String> = self
                .labels
                .iter()
                .zip(c)
                .map(|(l, n)| format!("{l} {n}"))
                .collect();
            eprintln!("{}: {total} executions: {}", self.name, parts.join(", "));
        }
    }
}
