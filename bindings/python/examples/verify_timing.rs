//! The Rust side of `bindings/python/bench.py`: times `ballistic_api::verify` on a
//! pool of proofs written by the benchmark, cycling through the pool, and prints
//! one JSON line with the time per verification (nanoseconds; the best and the
//! median of the rounds).
//!
//! ```text
//! cargo run --release -p ballistic-python --example verify_timing -- POOL.json ROUNDS CALLS
//! ```
//!
//! `POOL.json`: `{"curve", "protocol", "bits", "domain" (hex), "proofs": [{"proof"
//! (hex), "commitments": [hex, ...]}, ...]}`.

use std::time::Instant;

use ballistic_api::{verify, Curve, Params, Protocol};
use serde_json::Value;

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, String> {
    v.get(name)
        .ok_or_else(|| format!("pool: no field {name:?}"))
}

fn hex_field(v: &Value, name: &str) -> Result<Vec<u8>, String> {
    field(v, name)?
        .as_str()
        .and_then(|s| hex::decode(s).ok())
        .ok_or_else(|| format!("pool: field {name:?} is not hex"))
}

type Pool = (Params, Vec<(Vec<u8>, Vec<Vec<u8>>)>);

fn read_pool(path: &str) -> Result<Pool, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let curve = Curve::parse(field(&doc, "curve")?.as_str().unwrap_or(""))?;
    let protocol = Protocol::parse(field(&doc, "protocol")?.as_str().unwrap_or(""))?;
    let bits = field(&doc, "bits")?
        .as_u64()
        .ok_or("pool: bits is not an integer")? as usize;
    let params = Params::new(curve, protocol, bits).with_domain(&hex_field(&doc, "domain")?);
    let mut proofs = Vec::new();
    for p in field(&doc, "proofs")?
        .as_array()
        .ok_or("pool: proofs is not a list")?
    {
        let commitments = field(p, "commitments")?
            .as_array()
            .ok_or("pool: commitments is not a list")?
            .iter()
            .map(|c| {
                c.as_str()
                    .and_then(|s| hex::decode(s).ok())
                    .ok_or_else(|| "pool: a commitment is not hex".to_string())
            })
            .collect::<Result<Vec<_>, _>>()?;
        proofs.push((hex_field(p, "proof")?, commitments));
    }
    if proofs.is_empty() {
        return Err("pool: no proofs".into());
    }
    Ok((params, proofs))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, path, rounds, calls] = args.as_slice() else {
        return Err("usage: verify_timing POOL.json ROUNDS CALLS".into());
    };
    let rounds: usize = rounds.parse().map_err(|_| "ROUNDS: not a number")?;
    let calls: usize = calls.parse().map_err(|_| "CALLS: not a number")?;
    let (params, proofs) = read_pool(path)?;
    // Warm-up: generators and tables are built on first use.
    for (proof, commitments) in &proofs {
        verify(&params, commitments, proof).map_err(|e| e.to_string())?;
    }
    let mut per_call = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        for k in 0..calls {
            let (proof, commitments) = &proofs[k % proofs.len()];
            verify(&params, commitments, proof).map_err(|e| e.to_string())?;
        }
        per_call.push(start.elapsed().as_nanos() as f64 / calls as f64);
    }
    per_call.sort_by(f64::total_cmp);
    println!(
        "{{\"best_ns\": {:.0}, \"median_ns\": {:.0}, \"rounds\": {rounds}, \"calls\": {calls}}}",
        per_call[0],
        per_call[per_call.len() / 2]
    );
    Ok(())
}
