// Package ballistic is the Go binding of ballistic, a Rust Bulletproofs library:
// range proofs in dalek's format (ristretto255) and secp256k1-zkp's (secp256k1),
// Bulletproofs+ in Tari's format, batch verification and rewinding, over the C ABI
// of crates/ballistic-capi (cgo, linked statically).
//
// The packages ristretto and secp256k1 offer the common calls per curve; this
// package holds the general statement ([Params]), [Prove], [Verify], [Rewind],
// [BatchVerifier] and the errors.
//
// Building: cgo needs the header and the static library. From the repository,
// bindings/go/test.sh builds the library and runs the tests; elsewhere:
//
//	cargo build --release -p ballistic-capi
//	export CGO_CFLAGS="-I$PWD/crates/ballistic-capi/include"
//	export CGO_LDFLAGS="$PWD/target/release/libballistic_capi.a"
package ballistic

/*
#cgo LDFLAGS: -lpthread -ldl -lm
#include <stdlib.h>
#include "ballistic.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Curve is an elliptic curve with its wire format.
type Curve uint32

const (
	// Ristretto255 in dalek's wire format (Tari's for Bulletproofs+): 32-byte
	// commitments, little-endian scalars.
	Ristretto255 Curve = C.BALLISTIC_CURVE_RISTRETTO255
	// Secp256k1 in secp256k1-zkp's (Grin's) wire format: 33-byte commitments,
	// big-endian scalars.
	Secp256k1 Curve = C.BALLISTIC_CURVE_SECP256K1
)

// String is the curve's name.
func (c Curve) String() string {
	switch c {
	case Ristretto255:
		return "ristretto255"
	case Secp256k1:
		return "secp256k1"
	}
	return fmt.Sprintf("Curve(%d)", uint32(c))
}

// Protocol is a range-proof protocol.
type Protocol uint32

const (
	// Bulletproofs: dalek's format on ristretto255, secp256k1-zkp's on secp256k1.
	Bulletproofs Protocol = C.BALLISTIC_PROTOCOL_BP
	// BulletproofsPlus: Tari's format (33-byte points on secp256k1).
	BulletproofsPlus Protocol = C.BALLISTIC_PROTOCOL_BP_PLUS
)

// String is the protocol's name.
func (p Protocol) String() string {
	switch p {
	case Bulletproofs:
		return "bp"
	case BulletproofsPlus:
		return "bp+"
	}
	return fmt.Sprintf("Protocol(%d)", uint32(p))
}

// Limits of one proof and one batch (those of the Rust byte-level API).
const (
	MaxValues      = C.BALLISTIC_MAX_VALUES
	MaxDomainBytes = C.BALLISTIC_MAX_DOMAIN_BYTES
	MaxBatchProofs = C.BALLISTIC_MAX_BATCH_PROOFS
	MaxGenerators  = C.BALLISTIC_MAX_GENERATORS
	ScalarBytes    = C.BALLISTIC_SCALAR_BYTES
	MessageBytes   = C.BALLISTIC_MESSAGE_BYTES
)

// Range is the public range [A, B] of a range proof about one value.
type Range struct {
	A, B uint64
}

// Params is the public statement of a proof, except its commitments: what prover
// and verifier must agree on.
type Params struct {
	Curve    Curve
	Protocol Protocol
	// Bits is the bit width n in 1..=64 (secp256k1 Bulletproofs: 1, 2, 4, …, 64):
	// every value v_j is proved in [o_j, o_j + 2^n) (o_j the minimum value, zero
	// unless given). Ignored with a Range, whose width sets it.
	Bits int
	// Domain is the Merlin transcript label (not for secp256k1 Bulletproofs).
	Domain []byte
	// Range, if not nil, makes a range proof of A <= v <= B about one value.
	Range *Range
	// ExtensionDegree is the number of masks per Bulletproofs+ commitment, 1..=6
	// (0 means 1).
	ExtensionDegree int
	// MinValues are the Bulletproofs+ minimum values: none, or one per value.
	MinValues []uint64
	// ExtraCommit is secp256k1-zkp's extra commitment (secp256k1 Bulletproofs
	// only). nil means none; a non-nil empty slice is an empty extra commitment,
	// a different statement.
	ExtraCommit []byte
	// Generators is the size of secp256k1-zkp's generator set (secp256k1
	// Bulletproofs only): even, at least 2·n·m (n·m rounded up to a power of two),
	// at most MaxGenerators. 0 derives it from the shape: Grin's 256 up to n·m = 128,
	// 2·n·m beyond. A proof verifies only over the set it was made with.
	Generators int
}

// Proof is a proof with its statement, its commitments and (for the prover) the
// openings.
type Proof struct {
	// Params is the statement the proof is about.
	Params Params
	// Bytes is the proof's wire encoding.
	Bytes []byte
	// Commitments are the commitment encodings, in the values' order.
	Commitments [][]byte
	// Blindings are the prover's secrets: one 32-byte blinding per value
	// (Bulletproofs) or ExtensionDegree masks per value (Bulletproofs+). Empty for a
	// proof that was received rather than made.
	Blindings [][]byte
	// Nonce is the rewind or seed nonce of a rewindable proof (32 bytes), else nil.
	// Never reuse one: two proofs with one nonce reveal their blindings.
	Nonce []byte
}

// Verify verifies the proof against its statement and commitments; the error is
// one of this package's (use errors.Is with ErrInvalidProof, ErrMalformed, …).
func (p *Proof) Verify() error {
	return Verify(p.Params, p.Commitments, p.Bytes)
}

// cParams is a C statement handle; the caller frees it with C.ballistic_params_free.
func (p *Params) cParams() (*C.ballistic_params, error) {
	var handle *C.ballistic_params
	err := call(func() C.int {
		handle = C.ballistic_params_new(C.uint32_t(p.Curve), C.uint32_t(p.Protocol), C.uint32_t(clampBits(p.Bits)))
		if handle == nil {
			return C.BALLISTIC_ERR_INVALID_ARGUMENT
		}
		if rc := C.ballistic_params_set_domain(handle, bytesPtr(p.Domain), C.size_t(len(p.Domain))); rc != 0 {
			return rc
		}
		if p.Range != nil {
			if rc := C.ballistic_params_set_range(handle, C.uint64_t(p.Range.A), C.uint64_t(p.Range.B)); rc != 0 {
				return rc
			}
		}
		if p.ExtensionDegree != 0 {
			t := p.ExtensionDegree
			if t < 0 || t > 1<<16 {
				t = 1 << 16 // refused by the statement check
			}
			if rc := C.ballistic_params_set_extension_degree(handle, C.uint32_t(t)); rc != 0 {
				return rc
			}
		}
		if len(p.MinValues) > 0 {
			if rc := C.ballistic_params_set_min_values(handle, u64Ptr(p.MinValues), C.size_t(len(p.MinValues))); rc != 0 {
				return rc
			}
		}
		if p.ExtraCommit != nil {
			if rc := C.ballistic_params_set_extra_commit(handle, bytesPtr(p.ExtraCommit), C.size_t(len(p.ExtraCommit))); rc != 0 {
				return rc
			}
		}
		if p.Generators != 0 {
			g := p.Generators
			if g < 0 || g > MaxGenerators {
				g = MaxGenerators + 2 // refused by the statement check
			}
			if rc := C.ballistic_params_set_generators(handle, C.size_t(g)); rc != 0 {
				return rc
			}
		}
		return 0
	})
	if err != nil {
		C.ballistic_params_free(handle)
		return nil, err
	}
	return handle, nil
}

// clampBits maps bit widths outside uint32 to one the statement check refuses.
func clampBits(bits int) uint32 {
	if bits < 0 || bits > 1<<16 {
		return 1 << 16
	}
	return uint32(bits)
}

// call runs C calls on one locked OS thread, so that the library's thread-local
// error message belongs to them, and turns a non-zero status into an *Error.
func call(f func() C.int) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rc := f()
	if rc == 0 {
		return nil
	}
	return newError(int(rc), lastError())
}

// lastError is the library's detailed message of the last failing call on this
// OS thread.
func lastError() string {
	var buf [512]C.char
	n := C.ballistic_last_error(&buf[0], C.size_t(len(buf)))
	if n == 0 {
		return ""
	}
	return C.GoString(&buf[0])
}

func bytesPtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

func u64Ptr(v []uint64) *C.uint64_t {
	if len(v) == 0 {
		return nil
	}
	return (*C.uint64_t)(unsafe.Pointer(&v[0]))
}

// flatten concatenates the commitments; an error if one has another length than
// the curve's.
func flatten(curve Curve, commitments [][]byte) ([]byte, error) {
	width := 32
	if curve == Secp256k1 {
		width = 33
	}
	flat := make([]byte, 0, len(commitments)*width)
	for i, c := range commitments {
		if len(c) != width {
			return nil, &Error{Code: CodeMalformedProof, Message: fmt.Sprintf("commitments[%d] is %d bytes; a %s commitment is %d", i, len(c), curve, width)}
		}
		flat = append(flat, c...)
	}
	return flat, nil
}

func split(flat []byte, width int) [][]byte {
	out := make([][]byte, 0, len(flat)/width)
	for i := 0; i+width <= len(flat); i += width {
		out = append(out, flat[i:i+width:i+width])
	}
	return out
}

// wipe zeroes a secret the caller no longer needs.
func wipe(b []byte) {
	for i := range b {
		b[i] = 0
	}
}

// proveConfig holds the options of one Prove call.
type proveConfig struct {
	blindings  [][]byte
	rewindable bool
	nonce      []byte
}

// ProveOption is an option of [Prove].
type ProveOption func(*proveConfig)

// WithBlindings proves with the caller's blindings (32-byte canonical scalars: one
// per value, or ExtensionDegree masks per value for Bulletproofs+) instead of
// random ones.
func WithBlindings(blindings [][]byte) ProveOption {
	return func(c *proveConfig) { c.blindings = blindings }
}

// Rewindable makes a rewindable proof whose nonce (returned in Proof.Nonce)
// recovers its opening with [Rewind]: one value on ristretto255 Bulletproofs and on
// Bulletproofs+, any number on secp256k1 Bulletproofs. nonce is the caller's 32
// bytes, or nil to draw a fresh one.
func Rewindable(nonce []byte) ProveOption {
	return func(c *proveConfig) {
		c.rewindable = true
		c.nonce = nonce
	}
}

// Prove proves values for the statement p.
//
// secp256k1 Bulletproofs proofs (not range proofs) always carry a nonce; without
// Rewindable it is drawn and discarded.
func Prove(p Params, values []uint64, opts ...ProveOption) (*Proof, error) {
	var cfg proveConfig
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.nonce != nil && len(cfg.nonce) != ScalarBytes {
		return nil, &Error{Code: CodeInvalidArgument, Message: fmt.Sprintf("the nonce is %d bytes; it must be %d", len(cfg.nonce), ScalarBytes)}
	}
	handle, err := p.cParams()
	if err != nil {
		return nil, err
	}
	defer C.ballistic_params_free(handle)
	m := len(values)
	// The statement first: its error (invalid argument, limit exceeded, …) is the
	// library's, not the length queries'.
	if err := call(func() C.int { return C.ballistic_params_check(handle, C.size_t(m)) }); err != nil {
		return nil, err
	}
	proofLen := C.ballistic_proof_len(handle, C.size_t(m))
	commitmentLen := C.ballistic_commitment_len(handle)
	blindingsLen := C.ballistic_blindings_len(handle, C.size_t(m))
	var given []byte
	for _, b := range cfg.blindings {
		given = append(given, b...)
	}
	defer wipe(given)
	proof := make([]byte, proofLen)
	commitments := make([]byte, int(commitmentLen)*m)
	blindings := make([]byte, blindingsLen)
	var nonceOut [ScalarBytes]byte
	var written C.size_t
	// A nil-but-given list is an empty list (refused), not "random".
	givenPtr := bytesPtr(given)
	if cfg.blindings != nil && givenPtr == nil {
		givenPtr = (*C.uint8_t)(unsafe.Pointer(&nonceOut[0]))
	}
	err = call(func() C.int {
		if cfg.rewindable {
			return C.ballistic_prove_rewindable(handle, u64Ptr(values), C.size_t(m), givenPtr, C.size_t(len(given)),
				bytesPtr(cfg.nonce), bytesPtr(proof), proofLen, &written, bytesPtr(commitments), C.size_t(len(commitments)),
				bytesPtr(blindings), C.size_t(len(blindings)), (*C.uint8_t)(unsafe.Pointer(&nonceOut[0])))
		}
		return C.ballistic_prove(handle, u64Ptr(values), C.size_t(m), givenPtr, C.size_t(len(given)),
			bytesPtr(proof), proofLen, &written, bytesPtr(commitments), C.size_t(len(commitments)),
			bytesPtr(blindings), C.size_t(len(blindings)))
	})
	if err != nil {
		wipe(blindings)
		return nil, err
	}
	out := &Proof{
		Params:      p,
		Bytes:       proof[:written],
		Commitments: split(commitments, int(commitmentLen)),
		Blindings:   split(blindings, ScalarBytes),
	}
	if cfg.rewindable {
		out.Nonce = append([]byte(nil), nonceOut[:]...)
		wipe(nonceOut[:])
	}
	return out, nil
}

// Verify verifies proof for the statement p about commitments. It returns nil when
// the proof verifies, else an error matching ErrInvalidProof (it does not verify),
// ErrMalformed (the proof or a commitment does not decode), ErrInvalidArgument or
// ErrLimitExceeded (a statement the library refuses).
func Verify(p Params, commitments [][]byte, proof []byte) error {
	flat, err := flatten(p.Curve, commitments)
	if err != nil {
		return err
	}
	handle, err := p.cParams()
	if err != nil {
		return err
	}
	defer C.ballistic_params_free(handle)
	return call(func() C.int {
		return C.ballistic_verify(handle, bytesPtr(flat), C.size_t(len(commitments)), bytesPtr(proof), C.size_t(len(proof)))
	})
}

// Rewound is what a nonce recovers from a rewindable proof.
type Rewound struct {
	// Value is the recovered value (Bulletproofs) or the claimed value that was
	// checked (Bulletproofs+); HasValue says whether there is one.
	Value    uint64
	HasValue bool
	// Blindings is the blinding (Bulletproofs) or the masks (Bulletproofs+).
	Blindings [][]byte
	// Message is the 20-byte message of a Bulletproofs proof (zeros for
	// Bulletproofs+).
	Message []byte
}

// Rewind recovers the opening of a rewindable one-value proof about commitment
// with its nonce. value is the claimed value for Bulletproofs+ (checked against
// the recovered masks; nil skips the check, and then a wrong nonce gives wrong
// masks rather than an error); it must be nil for Bulletproofs. The error matches
// ErrRewindFailed when the nonce does not rewind the proof.
func Rewind(p Params, commitment, proof, nonce []byte, value *uint64) (*Rewound, error) {
	if len(nonce) != ScalarBytes {
		return nil, &Error{Code: CodeInvalidArgument, Message: fmt.Sprintf("the nonce is %d bytes; it must be %d", len(nonce), ScalarBytes)}
	}
	if _, err := flatten(p.Curve, [][]byte{commitment}); err != nil {
		return nil, err
	}
	handle, err := p.cParams()
	if err != nil {
		return nil, err
	}
	defer C.ballistic_params_free(handle)
	blindings := make([]byte, 6*ScalarBytes)
	message := make([]byte, MessageBytes)
	var count C.size_t
	var got C.uint64_t
	var claimed C.uint64_t
	var claimedPtr *C.uint64_t
	if value != nil {
		claimed = C.uint64_t(*value)
		claimedPtr = &claimed
	}
	err = call(func() C.int {
		return C.ballistic_rewind(handle, bytesPtr(commitment), bytesPtr(proof), C.size_t(len(proof)), bytesPtr(nonce),
			claimedPtr, &got, bytesPtr(blindings), C.size_t(len(blindings)), &count, bytesPtr(message))
	})
	if err != nil {
		wipe(blindings)
		return nil, err
	}
	out := &Rewound{
		Blindings: split(blindings[:int(count)*ScalarBytes], ScalarBytes),
		Message:   message,
	}
	if p.Protocol == Bulletproofs || value != nil {
		out.Value, out.HasValue = uint64(got), true
	}
	return out, nil
}

// Version is the version of the linked library.
func Version() string {
	return C.GoString(C.ballistic_version())
}
