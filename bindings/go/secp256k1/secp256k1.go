// Package secp256k1 proves, verifies and rewinds range proofs on secp256k1 in
// secp256k1-zkp's (Grin's) wire format: 33-byte commitments, 675-byte single
// 64-bit proofs. Bulletproofs proofs bind context with an extra commitment rather
// than a transcript label, and always carry a nonce that rewinds them.
package secp256k1

import ballistic "github.com/ballistic-rs/ballistic/bindings/go"

// Proof is a proof with its statement, commitments, openings and nonce.
type Proof = ballistic.Proof

// Params is the Bulletproofs statement of bits-bit values (1, 2, 4, 8, 16, 32 or
// 64; a power of two of values) with extraCommit (nil: none).
func Params(bits int, extraCommit []byte) ballistic.Params {
	return ballistic.Params{Curve: ballistic.Secp256k1, Protocol: ballistic.Bulletproofs, Bits: bits, ExtraCommit: extraCommit}
}

// PlusParams is the Bulletproofs+ statement (33-byte points in Tari's layout) of
// bits-bit values under domain with extensionDegree masks per commitment and
// minValues (none, or one per value).
func PlusParams(bits int, domain []byte, extensionDegree int, minValues []uint64) ballistic.Params {
	return ballistic.Params{
		Curve: ballistic.Secp256k1, Protocol: ballistic.BulletproofsPlus, Bits: bits, Domain: domain,
		ExtensionDegree: extensionDegree, MinValues: minValues,
	}
}

// Prove makes a Bulletproofs proof that every value is below 2^bits, with random
// blindings and a fresh nonce (Proof.Nonce: keep it secret; it rewinds the proof).
func Prove(values []uint64, bits int, extraCommit []byte) (*Proof, error) {
	return ballistic.Prove(Params(bits, extraCommit), values, ballistic.Rewindable(nil))
}

// ProveRange makes a Bulletproofs proof that a <= value <= b (not rewindable).
func ProveRange(value, a, b uint64, extraCommit []byte) (*Proof, error) {
	p := Params(64, extraCommit)
	p.Range = &ballistic.Range{A: a, B: b}
	return ballistic.Prove(p, []uint64{value})
}

// Verify verifies a Bulletproofs proof of bits-bit values about commitments.
func Verify(commitments [][]byte, proof []byte, bits int, extraCommit []byte) error {
	return ballistic.Verify(Params(bits, extraCommit), commitments, proof)
}

// Rewind recovers the value, blinding and 20-byte message of a one-value proof
// with its nonce; the error matches ballistic.ErrRewindFailed for another nonce
// or extra commitment.
func Rewind(commitment, proof []byte, bits int, extraCommit, nonce []byte) (*ballistic.Rewound, error) {
	return ballistic.Rewind(Params(bits, extraCommit), commitment, proof, nonce, nil)
}
