package ballistic_test

import (
	"sync"
	"testing"

	ballistic "github.com/ballistic-rs/ballistic/bindings/go"
)

// poolSize distinct proofs per curve; the benchmarks cycle through them.
const poolSize = 128

// batchSize proofs per batch verification.
const batchSize = 64

var (
	poolOnce sync.Once
	pools    map[ballistic.Curve][]*ballistic.Proof
)

// benchParams is the statement of the benchmarks: one 64-bit value, Bulletproofs.
func benchParams(curve ballistic.Curve) ballistic.Params {
	p := ballistic.Params{Curve: curve, Protocol: ballistic.Bulletproofs, Bits: 64}
	if curve == ballistic.Ristretto255 {
		p.Domain = []byte("ballistic bench")
	}
	return p
}

func pool(b *testing.B, curve ballistic.Curve) []*ballistic.Proof {
	poolOnce.Do(func() {
		pools = map[ballistic.Curve][]*ballistic.Proof{}
		for _, c := range []ballistic.Curve{ballistic.Ristretto255, ballistic.Secp256k1} {
			for i := 0; i < poolSize; i++ {
				proof, err := ballistic.Prove(benchParams(c), []uint64{uint64(i) * 0x9e3779b97f4a7c15})
				if err != nil {
					panic(err)
				}
				pools[c] = append(pools[c], proof)
			}
		}
	})
	b.ResetTimer()
	return pools[curve]
}

func benchVerify(b *testing.B, curve ballistic.Curve) {
	proofs := pool(b, curve)
	for i := 0; i < b.N; i++ {
		p := proofs[i%len(proofs)]
		if err := ballistic.Verify(p.Params, p.Commitments, p.Bytes); err != nil {
			b.Fatal(err)
		}
	}
}

func benchBatch(b *testing.B, curve ballistic.Curve) {
	proofs := pool(b, curve)
	for i := 0; i < b.N; i++ {
		batch := ballistic.NewBatchVerifier()
		for k := 0; k < batchSize; k++ {
			p := proofs[(i*batchSize+k)%len(proofs)]
			if _, err := batch.Add(p.Params, p.Commitments, p.Bytes); err != nil {
				b.Fatal(err)
			}
		}
		if invalid, err := batch.Verify(); err != nil {
			b.Fatal(invalid, err)
		}
		batch.Close()
	}
}

// BenchmarkVerify64Ristretto255: one 64-bit proof per operation.
func BenchmarkVerify64Ristretto255(b *testing.B) { benchVerify(b, ballistic.Ristretto255) }

// BenchmarkVerify64Secp256k1: one 64-bit proof per operation.
func BenchmarkVerify64Secp256k1(b *testing.B) { benchVerify(b, ballistic.Secp256k1) }

// BenchmarkBatch64x64Ristretto255: a batch of 64 single 64-bit proofs per operation.
func BenchmarkBatch64x64Ristretto255(b *testing.B) { benchBatch(b, ballistic.Ristretto255) }

// BenchmarkBatch64x64Secp256k1: a batch of 64 single 64-bit proofs per operation.
func BenchmarkBatch64x64Secp256k1(b *testing.B) { benchBatch(b, ballistic.Secp256k1) }

// BenchmarkCallOverhead: a Verify that the library refuses at once (a truncated
// proof): the binding's fixed cost per call (statement handle, cgo, error message).
func BenchmarkCallOverhead(b *testing.B) {
	p := pool(b, ballistic.Ristretto255)[0]
	short := p.Bytes[:len(p.Bytes)-1]
	for i := 0; i < b.N; i++ {
		if err := ballistic.Verify(p.Params, p.Commitments, short); err == nil {
			b.Fatal("a truncated proof verified")
		}
	}
}
