// Package ristretto proves and verifies range proofs on ristretto255: Bulletproofs
// in the wire format of dalek's bulletproofs crate and Bulletproofs+ in Tari's.
// Every call binds a transcript label (domain): a proof verifies only under the
// label it was made with.
package ristretto

import ballistic "github.com/ballistic-rs/ballistic/bindings/go"

// Proof is a proof with its statement, commitments and openings.
type Proof = ballistic.Proof

// Params is the Bulletproofs statement of bits-bit values under domain.
func Params(bits int, domain []byte) ballistic.Params {
	return ballistic.Params{Curve: ballistic.Ristretto255, Protocol: ballistic.Bulletproofs, Bits: bits, Domain: domain}
}

// PlusParams is the Bulletproofs+ statement of bits-bit values under domain with
// extensionDegree masks per commitment (1..=6) and minValues (none, or one per
// value: value j is proved in [minValues[j], minValues[j] + 2^bits)).
func PlusParams(bits int, domain []byte, extensionDegree int, minValues []uint64) ballistic.Params {
	return ballistic.Params{
		Curve: ballistic.Ristretto255, Protocol: ballistic.BulletproofsPlus, Bits: bits, Domain: domain,
		ExtensionDegree: extensionDegree, MinValues: minValues,
	}
}

// Prove makes a Bulletproofs proof that every value is below 2^bits, with random
// blindings (returned in Proof.Blindings).
func Prove(values []uint64, bits int, domain []byte) (*Proof, error) {
	return ballistic.Prove(Params(bits, domain), values)
}

// ProveRange makes a Bulletproofs proof that a <= value <= b.
func ProveRange(value, a, b uint64, domain []byte) (*Proof, error) {
	p := Params(64, domain)
	p.Range = &ballistic.Range{A: a, B: b}
	return ballistic.Prove(p, []uint64{value})
}

// Verify verifies a Bulletproofs proof of bits-bit values about commitments.
func Verify(commitments [][]byte, proof []byte, bits int, domain []byte) error {
	return ballistic.Verify(Params(bits, domain), commitments, proof)
}
