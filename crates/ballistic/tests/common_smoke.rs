use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
#[test]
fn smoke() {
    let mut rng = rand::thread_rng();
    for (n, m) in [(64usize, 1usize), (8, 1), (7, 3), (1, 1), (64, 2), (33, 5)] {
        let bp = BulletproofGens::new(n, m);
        let pc = PedersenGens::default();
        let vals: Vec<u64> = (0..m)
            .map(|j| (j as u64 * 7919) % (if n == 64 { u64::MAX } else { 1u64 << n }))
            .collect();
        let bl: Vec<Scalar> = (0..m).map(|j| Scalar::from(j as u64 + 3)).collect();
        let (p, vs) = RangeProof::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"t"),
            &vals,
            &bl,
            n,
            &mut rng,
        )
        .unwrap();
        let r = p.verify_multiple(&bp, &pc, &mut Transcript::new(b"t"), &vs, n);
        assert!(r.is_ok(), "n={n} m={m} {r:?}");
        let b = p.to_bytes();
        assert_eq!(RangeProof::from_bytes(&b).unwrap().to_bytes(), b);
    }
}
