package ballistic_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	ballistic "github.com/ballistic-rs/ballistic/bindings/go"
	"github.com/ballistic-rs/ballistic/bindings/go/ristretto"
	"github.com/ballistic-rs/ballistic/bindings/go/secp256k1"
)

// allParams is one 32-bit statement per curve and protocol.
func allParams() []ballistic.Params {
	var out []ballistic.Params
	for _, curve := range []ballistic.Curve{ballistic.Ristretto255, ballistic.Secp256k1} {
		for _, protocol := range []ballistic.Protocol{ballistic.Bulletproofs, ballistic.BulletproofsPlus} {
			p := ballistic.Params{Curve: curve, Protocol: protocol, Bits: 32}
			if curve == ballistic.Ristretto255 || protocol == ballistic.BulletproofsPlus {
				p.Domain = []byte("go test")
			}
			out = append(out, p)
		}
	}
	return out
}

func name(p ballistic.Params) string { return p.Curve.String() + " " + p.Protocol.String() }

func TestRoundTrips(t *testing.T) {
	for _, p := range allParams() {
		t.Run(name(p), func(t *testing.T) {
			proof, err := ballistic.Prove(p, []uint64{0, 1<<32 - 1})
			if err != nil {
				t.Fatal(err)
			}
			width := map[ballistic.Curve]int{ballistic.Ristretto255: 32, ballistic.Secp256k1: 33}[p.Curve]
			if len(proof.Commitments) != 2 || len(proof.Commitments[0]) != width || len(proof.Blindings) != 2 {
				t.Fatalf("shape: %d commitments of %d bytes, %d blindings", len(proof.Commitments), len(proof.Commitments[0]), len(proof.Blindings))
			}
			if err := proof.Verify(); err != nil {
				t.Fatal(err)
			}
			// Swapped commitments: another statement.
			swapped := [][]byte{proof.Commitments[1], proof.Commitments[0]}
			if err := ballistic.Verify(p, swapped, proof.Bytes); !errors.Is(err, ballistic.ErrInvalidProof) {
				t.Fatalf("swapped commitments: %v", err)
			}
			// Flipped bytes are refused.
			for i := 0; i < len(proof.Bytes); i += len(proof.Bytes) / 5 {
				bad := bytes.Clone(proof.Bytes)
				bad[i] ^= 1
				err := ballistic.Verify(p, proof.Commitments, bad)
				if !errors.Is(err, ballistic.ErrInvalidProof) && !errors.Is(err, ballistic.ErrMalformed) {
					t.Fatalf("byte %d flipped: %v", i, err)
				}
			}
			// The caller's blindings give the same commitments.
			again, err := ballistic.Prove(p, []uint64{0, 1<<32 - 1}, ballistic.WithBlindings(proof.Blindings))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Commitments[1], proof.Commitments[1]) {
				t.Fatal("same blindings, other commitment")
			}
			// Values out of range are refused before proving.
			if _, err := ballistic.Prove(p, []uint64{1 << 32}); !errors.Is(err, ballistic.ErrInvalidArgument) {
				t.Fatalf("2^32 in 32 bits: %v", err)
			}
		})
	}
}

func TestCurvePackages(t *testing.T) {
	r, err := ristretto.Prove([]uint64{5, 6, 7}, 16, []byte("pkg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ristretto.Verify(r.Commitments, r.Bytes, 16, []byte("pkg")); err != nil {
		t.Fatal(err)
	}
	if err := ristretto.Verify(r.Commitments, r.Bytes, 16, []byte("other")); !errors.Is(err, ballistic.ErrInvalidProof) {
		t.Fatalf("other domain: %v", err)
	}
	rr, err := ristretto.ProveRange(1500, 1000, 1999, []byte("pkg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := rr.Verify(); err != nil {
		t.Fatal(err)
	}
	k, err := secp256k1.Prove([]uint64{1234}, 64, []byte("tx"))
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Bytes) != 675 || len(k.Nonce) != 32 {
		t.Fatalf("secp256k1 proof of %d bytes, nonce %d", len(k.Bytes), len(k.Nonce))
	}
	if err := secp256k1.Verify(k.Commitments, k.Bytes, 64, []byte("tx")); err != nil {
		t.Fatal(err)
	}
	if err := secp256k1.Verify(k.Commitments, k.Bytes, 64, nil); !errors.Is(err, ballistic.ErrInvalidProof) {
		t.Fatalf("no extra commitment: %v", err)
	}
	rw, err := secp256k1.Rewind(k.Commitments[0], k.Bytes, 64, []byte("tx"), k.Nonce)
	if err != nil {
		t.Fatal(err)
	}
	if rw.Value != 1234 || !rw.HasValue || !bytes.Equal(rw.Blindings[0], k.Blindings[0]) {
		t.Fatalf("rewound %d", rw.Value)
	}
	wrong := bytes.Clone(k.Nonce)
	wrong[0] ^= 1
	if _, err := secp256k1.Rewind(k.Commitments[0], k.Bytes, 64, []byte("tx"), wrong); !errors.Is(err, ballistic.ErrRewindFailed) {
		t.Fatalf("wrong nonce: %v", err)
	}
}

func TestBulletproofsPlus(t *testing.T) {
	for _, params := range []ballistic.Params{
		ristretto.PlusParams(8, []byte("plus"), 3, []uint64{100, 0}),
		secp256k1.PlusParams(8, []byte("plus"), 3, []uint64{100, 0}),
	} {
		proof, err := ballistic.Prove(params, []uint64{355, 255})
		if err != nil {
			t.Fatal(err)
		}
		if len(proof.Blindings) != 6 {
			t.Fatalf("%d masks", len(proof.Blindings))
		}
		if err := proof.Verify(); err != nil {
			t.Fatal(err)
		}
		shifted := params
		shifted.MinValues = []uint64{101, 0}
		if err := ballistic.Verify(shifted, proof.Commitments, proof.Bytes); !errors.Is(err, ballistic.ErrInvalidProof) {
			t.Fatalf("shifted minimum: %v", err)
		}
		_, err = ballistic.Prove(params, []uint64{356, 0})
		// Decided in constant time by the prover: the error names no value.
		if !errors.Is(err, ballistic.ErrInvalidArgument) || !strings.Contains(err.Error(), "outside its range") || strings.Contains(err.Error(), "356") {
			t.Fatalf("above the range: %v", err)
		}
		// Rewindable: the seed recovers the masks; the claimed value is checked.
		single := params
		single.MinValues = nil
		one, err := ballistic.Prove(single, []uint64{99}, ballistic.Rewindable(nil))
		if err != nil {
			t.Fatal(err)
		}
		v := uint64(99)
		rw, err := ballistic.Rewind(single, one.Commitments[0], one.Bytes, one.Nonce, &v)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rw.Blindings {
			if !bytes.Equal(rw.Blindings[i], one.Blindings[i]) {
				t.Fatalf("mask %d differs", i)
			}
		}
		v = 98
		if _, err := ballistic.Rewind(single, one.Commitments[0], one.Bytes, one.Nonce, &v); !errors.Is(err, ballistic.ErrRewindFailed) {
			t.Fatalf("wrong value: %v", err)
		}
	}
}

func TestBadInputs(t *testing.T) {
	r := ristretto.Params(64, []byte("bad"))
	proof, err := ballistic.Prove(r, []uint64{1})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		params      ballistic.Params
		commitments [][]byte
		proof       []byte
		want        error
	}{
		{"truncated proof", r, proof.Commitments, proof.Bytes[:640], ballistic.ErrMalformed},
		{"empty proof", r, proof.Commitments, nil, ballistic.ErrMalformed},
		{"short commitment", r, [][]byte{proof.Commitments[0][:31]}, proof.Bytes, ballistic.ErrMalformed},
		{"commitment not a point", r, [][]byte{bytes.Repeat([]byte{0xff}, 32)}, proof.Bytes, ballistic.ErrMalformed},
		{"no commitments", r, nil, proof.Bytes, ballistic.ErrInvalidArgument},
		{"65 bits", ristretto.Params(65, nil), proof.Commitments, proof.Bytes, ballistic.ErrInvalidArgument},
		{"negative bits", ristretto.Params(-1, nil), proof.Commitments, proof.Bytes, ballistic.ErrInvalidArgument},
		{"48-bit secp256k1", secp256k1.Params(48, nil), [][]byte{make([]byte, 33)}, proof.Bytes, ballistic.ErrInvalidArgument},
		{"secp256k1 with a label", ballistic.Params{Curve: ballistic.Secp256k1, Protocol: ballistic.Bulletproofs, Bits: 64, Domain: []byte("x")}, [][]byte{make([]byte, 33)}, proof.Bytes, ballistic.ErrInvalidArgument},
		{"unknown curve", ballistic.Params{Curve: 9, Protocol: ballistic.Bulletproofs, Bits: 64}, nil, nil, ballistic.ErrInvalidArgument},
		{"degree 7", ristretto.PlusParams(64, nil, 7, nil), proof.Commitments, proof.Bytes, ballistic.ErrInvalidArgument},
		{"huge m", r, make([][]byte, ballistic.MaxValues+1), proof.Bytes, ballistic.ErrMalformed},
		{"long domain", ristretto.Params(64, make([]byte, ballistic.MaxDomainBytes+1)), proof.Commitments, proof.Bytes, ballistic.ErrLimitExceeded},
	}
	for _, c := range cases {
		err := ballistic.Verify(c.params, c.commitments, c.proof)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
		var e *ballistic.Error
		if !errors.As(err, &e) || e.Message == "" {
			t.Errorf("%s: no message in %v", c.name, err)
		}
	}
	full := make([][]byte, ballistic.MaxValues+1)
	for i := range full {
		full[i] = proof.Commitments[0]
	}
	if err := ballistic.Verify(r, full, proof.Bytes); !errors.Is(err, ballistic.ErrLimitExceeded) {
		t.Errorf("m = MaxValues + 1: %v", err)
	}
	if _, err := ballistic.Prove(r, []uint64{1}, ballistic.WithBlindings([][]byte{bytes.Repeat([]byte{0xff}, 32)})); !errors.Is(err, ballistic.ErrInvalidArgument) {
		t.Errorf("non-canonical blinding: %v", err)
	}
	if _, err := ballistic.Prove(r, []uint64{1}, ballistic.WithBlindings([][]byte{})); !errors.Is(err, ballistic.ErrInvalidArgument) {
		t.Errorf("no blindings: %v", err)
	}
	if _, err := ballistic.Prove(r, nil); !errors.Is(err, ballistic.ErrInvalidArgument) {
		t.Errorf("no values: %v", err)
	}
	// The statement's own error, not a generic one from the length queries.
	if _, err := ballistic.Prove(r, make([]uint64, ballistic.MaxValues+1)); !errors.Is(err, ballistic.ErrLimitExceeded) {
		t.Errorf("too many values: %v", err)
	}
	if _, err := ballistic.Rewind(ristretto.PlusParams(64, nil, 1<<20, nil), proof.Commitments[0], proof.Bytes, make([]byte, 32), nil); !errors.Is(err, ballistic.ErrInvalidArgument) {
		t.Errorf("rewinding under an extension degree out of range: %v", err)
	}
	if _, err := ballistic.Prove(r, []uint64{1}, ballistic.Rewindable([]byte{1})); !errors.Is(err, ballistic.ErrInvalidArgument) {
		t.Errorf("short nonce: %v", err)
	}
	if _, err := ballistic.Rewind(r, proof.Commitments[0], proof.Bytes, make([]byte, 32), nil); !errors.Is(err, ballistic.ErrRewindFailed) {
		t.Errorf("rewinding a proof that is not rewindable: %v", err)
	}
	if ballistic.ErrInvalidProof.Error() != "ballistic: the proof does not verify" {
		t.Errorf("sentinel message %q", ballistic.ErrInvalidProof.Error())
	}
	if ballistic.Version() == "" {
		t.Error("no version")
	}
}

func TestBatchNamesTheBadProof(t *testing.T) {
	b := ballistic.NewBatchVerifier()
	defer b.Close()
	if invalid, err := b.Verify(); err != nil || invalid != nil {
		t.Fatalf("empty batch: %v %v", invalid, err)
	}
	var wantBad []int
	for k, p := range append(allParams(), allParams()...) {
		proof, err := ballistic.Prove(p, []uint64{uint64(k), 3})
		if err != nil {
			t.Fatal(err)
		}
		commitments := proof.Commitments
		if k == 2 || k == 7 {
			commitments = [][]byte{commitments[1], commitments[0]}
			wantBad = append(wantBad, k)
		}
		i, err := b.Add(p, commitments, proof.Bytes)
		if err != nil || i != k {
			t.Fatalf("add %d: index %d, %v", k, i, err)
		}
		if _, err := b.Add(p, commitments, proof.Bytes[1:]); !errors.Is(err, ballistic.ErrMalformed) {
			t.Fatalf("short proof added: %v", err)
		}
	}
	if b.Len() != 8 {
		t.Fatalf("len %d", b.Len())
	}
	invalid, err := b.Verify()
	if !errors.Is(err, ballistic.ErrInvalidProof) || fmt.Sprint(invalid) != fmt.Sprint(wantBad) {
		t.Fatalf("batch names %v (%v), want %v", invalid, err, wantBad)
	}
	b.Close()
	if _, err := b.Verify(); !errors.Is(err, ballistic.ErrNullPointer) {
		t.Fatalf("closed batch: %v", err)
	}
}

func TestConcurrentVerification(t *testing.T) {
	var proofs []*ballistic.Proof
	for _, p := range allParams() {
		proof, err := ballistic.Prove(p, []uint64{1, 2})
		if err != nil {
			t.Fatal(err)
		}
		proofs = append(proofs, proof)
	}
	bad := *proofs[0]
	bad.Commitments = [][]byte{bad.Commitments[1], bad.Commitments[0]}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 4; i++ {
				if err := proofs[(g+i)%len(proofs)].Verify(); err != nil {
					errs <- err
				}
				// Each failure's message belongs to its own call.
				err := bad.Verify()
				var e *ballistic.Error
				if !errors.As(err, &e) || e.Code != ballistic.CodeInvalidProof || e.Message != "proof does not verify" {
					errs <- fmt.Errorf("bad proof: %v", err)
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
