//! `ballistic._native`: the extension module of the Python package `ballistic`, a
//! thin layer over the byte-level API (`ballistic-api`).
//!
//! Every function takes the whole statement positionally (the Python modules
//! `ballistic.ristretto` and `ballistic.secp256k1` supply the keyword defaults) and
//! converts its arguments strictly:
//!
//! * integers (values, bits, bounds, degrees) must be `int` (or define
//!   `__index__`), never `bool`, else `TypeError`; an integer outside `0..2^64`
//!   raises `ballistic.InvalidArgument`;
//! * byte strings must be `bytes` (read in place) or `bytearray` (copied), else
//!   `TypeError`; the domain may also be a `str` (its UTF-8 bytes);
//! * sequences (values, commitments, blindings, minimum values, batch items) must be
//!   sequences or iterables other than `str` and byte strings; one longer than the
//!   API's limit raises `ballistic.LimitExceeded` before it is read in full.
//!
//! Errors of the API become the exception of their code (`ballistic._errors`), a
//! panic `ballistic.Panic`. Proving, verifying, batch verification and rewinding
//! run detached from the interpreter (the GIL released): other Python threads run
//! meanwhile, and several threads verify in parallel.

#![deny(missing_docs)]
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ballistic_api::{
    BatchVerifier, Curve, Error, ErrorCode, Params, Protocol, Secret, Secrets, MAX_BATCH_PROOFS,
    MAX_VALUES, SCALAR_BYTES,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyString};
use zeroize::Zeroizing;

/// The Python function that builds the exception of a code:
/// `ballistic._errors._error(code, message)`.
static MAKE_ERROR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The Python exception of an API error: the class of its code, carrying `.code`.
fn py_error(py: Python<'_>, e: &Error) -> PyErr {
    coded(py, e.code().as_i32(), e.message())
}

/// The Python exception of `code` with `message`.
fn coded(py: Python<'_>, code: i32, message: &str) -> PyErr {
    let made = MAKE_ERROR
        .get_or_try_init(py, || {
            py.import("ballistic._errors")
                .and_then(|m| m.getattr("_error"))
                .map(Bound::unbind)
        })
        .and_then(|make| make.bind(py).call1((code, message)));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// A `ballistic.InvalidArgument` with `message`.
fn invalid(py: Python<'_>, message: String) -> PyErr {
    coded(py, ErrorCode::InvalidArgument.as_i32(), &message)
}

/// A `ballistic.LimitExceeded` with `message`.
fn limit(py: Python<'_>, message: String) -> PyErr {
    coded(py, ErrorCode::LimitExceeded.as_i32(), &message)
}

/// The name of `obj`'s type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Runs `f` detached from the interpreter; a panic becomes `ballistic.Panic`.
fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(f)))
        .map_err(|_| {
            coded(
                py,
                ErrorCode::Panic.as_i32(),
                "internal error: a panic was caught in ballistic (please report it)",
            )
        })
}

/// An integer argument in `0..2^64`.
fn u64_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not bool"
        )));
    }
    match obj.extract::<u64>() {
        Ok(v) => Ok(v),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) => Err(invalid(
            py,
            format!(
                "{what} = {} is not an integer in 0..2^64",
                obj.str().map(|s| s.to_string()).unwrap_or_default()
            ),
        )),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            type_name(obj)
        ))),
    }
}

/// A size argument (bits, extension degree) in `0..2^64`, as `usize`.
fn usize_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let v = u64_arg(py, obj, what)?;
    usize::try_from(v).map_err(|_| invalid(py, format!("{what} = {v} is too large")))
}

/// The bytes of a `bytes` (in place) or `bytearray` (copied) argument.
fn bytes_arg<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        Ok(Cow::Borrowed(b.as_bytes()))
    } else if let Ok(b) = obj.cast::<PyByteArray>() {
        Ok(Cow::Owned(b.to_vec()))
    } else {
        Err(PyTypeError::new_err(format!(
            "{what} must be bytes, not {}",
            type_name(obj)
        )))
    }
}

/// The items of a sequence argument, at most `max` (else `LimitExceeded`, checked on
/// the length before reading when the object has one).
fn list_arg<'py>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    what: &str,
    max: usize,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyByteArray>()
    {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a sequence, not {}",
            type_name(obj)
        )));
    }
    let too_many = |py| {
        limit(
            py,
            format!("{what} has more than {max} items; the limit is {max}"),
        )
    };
    if let Ok(n) = obj.len() {
        if n > max {
            return Err(too_many(py));
        }
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a sequence, not {}", type_name(obj)))
    })?;
    let mut out = Vec::new();
    for item in iter {
        if out.len() == max {
            return Err(too_many(py));
        }
        out.push(item?);
    }
    Ok(out)
}

/// A list of integers in `0..2^64`.
fn u64_list(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u64>> {
    list_arg(py, obj, what, MAX_VALUES)?
        .iter()
        .enumerate()
        .map(|(i, v)| u64_arg(py, v, &format!("{what}[{i}]")))
        .collect()
}

/// A 32-byte secret (blinding, mask, nonce), copied into memory that is wiped on
/// drop.
fn secret_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Secret> {
    let bytes = bytes_arg(obj, what)?;
    let mut out = Zeroizing::new([0u8; SCALAR_BYTES]);
    if bytes.len() != SCALAR_BYTES {
        return Err(invalid(
            py,
            format!(
                "{what} is {} bytes; a scalar is {SCALAR_BYTES}",
                bytes.len()
            ),
        ));
    }
    out.copy_from_slice(&bytes);
    // A bytearray's copy is wiped too.
    if let Cow::Owned(mut v) = bytes {
        zeroize::Zeroize::zeroize(&mut v);
    }
    Ok(out)
}

/// The statement arguments shared by every function, as Python objects.
struct Statement<'a, 'py> {
    curve: &'a str,
    protocol: &'a str,
    bits: &'a Bound<'py, PyAny>,
    domain: &'a Bound<'py, PyAny>,
    range: &'a Bound<'py, PyAny>,
    extension_degree: &'a Bound<'py, PyAny>,
    min_values: &'a Bound<'py, PyAny>,
    extra_commit: &'a Bound<'py, PyAny>,
    generators: Option<&'a Bound<'py, PyAny>>,
}

impl Statement<'_, '_> {
    /// The API's statement; its checks against the number of values are the API's
    /// own (`Params::check`, run by every call).
    fn params(&self, py: Python<'_>) -> PyResult<Params> {
        let curve = Curve::parse(self.curve).map_err(|e| invalid(py, e))?;
        let protocol = Protocol::parse(self.protocol).map_err(|e| invalid(py, e))?;
        let bits = usize_arg(py, self.bits, "bits")?;
        let mut params = Params::new(curve, protocol, bits);
        let domain = self.domain;
        if let Ok(s) = domain.cast::<PyString>() {
            params = params.with_domain(s.to_cow()?.as_bytes());
        } else if !domain.is_none() {
            params = params.with_domain(&bytes_arg(domain, "domain")?);
        }
        if !self.range.is_none() {
            let bounds = list_arg(py, self.range, "range", 3)?;
            let [a, b] = bounds.as_slice() else {
                return Err(invalid(
                    py,
                    format!("range must be a pair (a, b), not {} items", bounds.len()),
                ));
            };
            let (a, b) = (u64_arg(py, a, "range[0]")?, u64_arg(py, b, "range[1]")?);
            params = params.with_range(a, b);
        }
        params =
            params.with_extension_degree(usize_arg(py, self.extension_degree, "extension_degree")?);
        if !self.min_values.is_none() {
            params = params.with_min_values(&u64_list(py, self.min_values, "min_values")?);
        }
        if !self.extra_commit.is_none() {
            params = params.with_extra_commit(&bytes_arg(self.extra_commit, "extra_commit")?);
        }
        if let Some(g) = self.generators.filter(|g| !g.is_none()) {
            params = params.with_generators(usize_arg(py, g, "generators")?);
        }
        Ok(params)
    }
}

/// The proof, commitments, blindings (or masks) and nonce of a new proof.
type ProveOutput<'py> = (
    Bound<'py, PyBytes>,
    Vec<Bound<'py, PyBytes>>,
    Vec<Bound<'py, PyBytes>>,
    Option<Bound<'py, PyBytes>>,
);

/// `prove(curve, protocol, values, bits, domain, range, extension_degree,
/// min_values, extra_commit, blindings, rewindable, nonce, generators=None)`: a new
/// proof, as `(proof, commitments, blindings, nonce)`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (curve, protocol, values, bits, domain, range, extension_degree, min_values, extra_commit, blindings, rewindable, nonce, generators=None))]
fn prove<'py>(
    py: Python<'py>,
    curve: &str,
    protocol: &str,
    values: &Bound<'py, PyAny>,
    bits: &Bound<'py, PyAny>,
    domain: &Bound<'py, PyAny>,
    range: &Bound<'py, PyAny>,
    extension_degree: &Bound<'py, PyAny>,
    min_values: &Bound<'py, PyAny>,
    extra_commit: &Bound<'py, PyAny>,
    blindings: &Bound<'py, PyAny>,
    rewindable: bool,
    nonce: &Bound<'py, PyAny>,
    generators: Option<&Bound<'py, PyAny>>,
) -> PyResult<ProveOutput<'py>> {
    let params = Statement {
        curve,
        protocol,
        bits,
        domain,
        range,
        extension_degree,
        min_values,
        extra_commit,
        generators,
    }
    .params(py)?;
    // The values are secrets too: wiped when dropped.
    let values = Zeroizing::new(u64_list(py, values, "values")?);
    let mut secrets = Secrets {
        rewindable,
        ..Secrets::default()
    };
    if !blindings.is_none() {
        let max = MAX_VALUES * ballistic::generators::MAX_EXTENSION_DEGREE;
        secrets.blindings = Some(
            list_arg(py, blindings, "blindings", max)?
                .iter()
                .enumerate()
                .map(|(i, b)| secret_arg(py, b, &format!("blindings[{i}]")))
                .collect::<PyResult<_>>()?,
        );
    }
    if !nonce.is_none() {
        secrets.nonce = Some(secret_arg(py, nonce, "nonce")?);
    }
    let proven = detached(py, || ballistic_api::prove(&params, &values, &secrets))?
        .map_err(|e| py_error(py, &e))?;
    let list = |items: &[Vec<u8>]| items.iter().map(|c| PyBytes::new(py, c)).collect();
    Ok((
        PyBytes::new(py, &proven.proof),
        list(&proven.commitments),
        proven
            .blindings
            .iter()
            .map(|b| PyBytes::new(py, &b[..]))
            .collect(),
        proven.nonce.as_ref().map(|n| PyBytes::new(py, &n[..])),
    ))
}

/// The commitments of a call, read in place where they are `bytes`.
fn commitments_arg<'a>(items: &'a [Bound<'_, PyAny>]) -> PyResult<Vec<Cow<'a, [u8]>>> {
    items
        .iter()
        .enumerate()
        .map(|(i, c)| bytes_arg(c, &format!("commitments[{i}]")))
        .collect()
}

/// `verify(curve, protocol, proof, commitments, bits, domain, range,
/// extension_degree, min_values, extra_commit, generators=None)`: `None`, or raises
/// the error of the proof.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (curve, protocol, proof, commitments, bits, domain, range, extension_degree, min_values, extra_commit, generators=None))]
fn verify<'py>(
    py: Python<'py>,
    curve: &str,
    protocol: &str,
    proof: &Bound<'py, PyAny>,
    commitments: &Bound<'py, PyAny>,
    bits: &Bound<'py, PyAny>,
    domain: &Bound<'py, PyAny>,
    range: &Bound<'py, PyAny>,
    extension_degree: &Bound<'py, PyAny>,
    min_values: &Bound<'py, PyAny>,
    extra_commit: &Bound<'py, PyAny>,
    generators: Option<&Bound<'py, PyAny>>,
) -> PyResult<()> {
    let params = Statement {
        curve,
        protocol,
        bits,
        domain,
        range,
        extension_degree,
        min_values,
        extra_commit,
        generators,
    }
    .params(py)?;
    let proof = bytes_arg(proof, "proof")?;
    let items = list_arg(py, commitments, "commitments", MAX_VALUES)?;
    let commitments = commitments_arg(&items)?;
    detached(py, || ballistic_api::verify(&params, &commitments, &proof))?
        .map_err(|e| py_error(py, &e))
}

/// `verify_batch(items)`: every item a tuple `(curve, protocol, proof, commitments,
/// bits, domain, range, extension_degree, min_values, extra_commit[, generators])`;
/// returns the
/// failures as `(index, code, message)` in index order, including the items whose
/// proof or commitments do not decode (code 2). A statement the API refuses raises
/// its error with the item's index in the message.
#[pyfunction]
fn verify_batch<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<(usize, i32, String)>> {
    let items = list_arg(py, items, "items", MAX_BATCH_PROOFS)?;
    // Everything the batch needs, read while attached; the bytes in place.
    let mut fields = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let parts = list_arg(py, item, &format!("items[{i}]"), 11)?;
        let wrong = || {
            PyTypeError::new_err(format!(
                "items[{i}] must be a tuple of 10 or 11 fields, not {}",
                parts.len()
            ))
        };
        let (statement, generators) = match parts.len() {
            10 => (&parts[..], None),
            11 => (&parts[..10], parts.get(10)),
            _ => return Err(wrong()),
        };
        let [curve, protocol, proof, commitments, bits, domain, range, degree, mins, extra] =
            statement
        else {
            return Err(wrong());
        };
        let read = || -> PyResult<_> {
            let curve: String = curve.extract()?;
            let protocol: String = protocol.extract()?;
            let params = Statement {
                curve: &curve,
                protocol: &protocol,
                bits,
                domain,
                range,
                extension_degree: degree,
                min_values: mins,
                extra_commit: extra,
                generators,
            }
            .params(py)?;
            let commitment_items = list_arg(py, commitments, "commitments", MAX_VALUES)?;
            Ok((params, proof.clone(), commitment_items))
        };
        fields.push(read().map_err(|e| naming_item(py, e, i))?);
    }
    let mut decoded = Vec::with_capacity(fields.len());
    for (i, (params, proof, commitment_items)) in fields.iter().enumerate() {
        let read = || -> PyResult<_> {
            Ok((
                params,
                bytes_arg(proof, "proof")?,
                commitments_arg(commitment_items)?,
            ))
        };
        decoded.push(read().map_err(|e| naming_item(py, e, i))?);
    }
    let outcome = detached(py, || {
        let mut batch = BatchVerifier::new();
        let mut failures = Vec::new();
        // The batch's indices count successful adds; `slots[k]` is the item of the
        // k-th.
        let mut slots = Vec::with_capacity(decoded.len());
        for (i, (params, proof, commitments)) in decoded.iter().enumerate() {
            match batch.add(params, commitments, proof) {
                Ok(_) => slots.push(i),
                Err(e) if e.code() == ErrorCode::MalformedProof => failures.push((i, e)),
                Err(e) => return Err((i, e)),
            }
        }
        for (k, e) in batch.verify() {
            if let Some(&i) = slots.get(k) {
                failures.push((i, e));
            }
        }
        failures.sort_by_key(|(i, _)| *i);
        Ok(failures)
    })?;
    match outcome {
        Ok(failures) => Ok(failures
            .into_iter()
            .map(|(i, e)| (i, e.code().as_i32(), e.message().to_string()))
            .collect()),
        Err((i, e)) => Err(coded(
            py,
            e.code().as_i32(),
            &format!("items[{i}]: {}", e.message()),
        )),
    }
}

/// `e` with its message prefixed by `items[i]: ` (the same exception class).
fn naming_item(py: Python<'_>, e: PyErr, i: usize) -> PyErr {
    let message = format!("items[{i}]: {}", e.value(py));
    match e.get_type(py).call1((message,)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(_) => e,
    }
}

/// What a nonce recovered: `(value, blindings, message)`.
type RewindOutput<'py> = (
    Option<u64>,
    Vec<Bound<'py, PyBytes>>,
    Option<Bound<'py, PyBytes>>,
);

/// `rewind(curve, protocol, proof, commitment, nonce, bits, domain,
/// extension_degree, min_values, extra_commit, value, generators=None)`: the
/// opening of a one-value proof, as `(value, blindings, message)`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (curve, protocol, proof, commitment, nonce, bits, domain, extension_degree, min_values, extra_commit, value, generators=None))]
fn rewind<'py>(
    py: Python<'py>,
    curve: &str,
    protocol: &str,
    proof: &Bound<'py, PyAny>,
    commitment: &Bound<'py, PyAny>,
    nonce: &Bound<'py, PyAny>,
    bits: &Bound<'py, PyAny>,
    domain: &Bound<'py, PyAny>,
    extension_degree: &Bound<'py, PyAny>,
    min_values: &Bound<'py, PyAny>,
    extra_commit: &Bound<'py, PyAny>,
    value: &Bound<'py, PyAny>,
    generators: Option<&Bound<'py, PyAny>>,
) -> PyResult<RewindOutput<'py>> {
    let none = py.None().into_bound(py);
    let params = Statement {
        curve,
        protocol,
        bits,
        domain,
        range: &none,
        extension_degree,
        min_values,
        extra_commit,
        generators,
    }
    .params(py)?;
    let proof = bytes_arg(proof, "proof")?;
    let commitment = bytes_arg(commitment, "commitment")?;
    let nonce = secret_arg(py, nonce, "nonce")?;
    let value = if value.is_none() {
        None
    } else {
        Some(u64_arg(py, value, "value")?)
    };
    let rewound = detached(py, || {
        ballistic_api::rewind(&params, &commitment, &proof, &nonce, value)
    })?
    .map_err(|e| py_error(py, &e))?;
    Ok((
        rewound.value,
        rewound
            .blindings
            .iter()
            .map(|b| PyBytes::new(py, &b[..]))
            .collect(),
        rewound.message.as_ref().map(|m| PyBytes::new(py, m)),
    ))
}

/// The API's limits and sizes, for the Python modules.
fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_VALUES", MAX_VALUES)?;
    m.add("MAX_BATCH_PROOFS", MAX_BATCH_PROOFS)?;
    m.add("MAX_GENERATORS", ballistic_api::MAX_GENERATORS)?;
    m.add("MAX_DOMAIN_BYTES", ballistic_api::MAX_DOMAIN_BYTES)?;
    m.add(
        "MAX_EXTRA_COMMIT_BYTES",
        ballistic_api::MAX_EXTRA_COMMIT_BYTES,
    )?;
    m.add("SCALAR_BYTES", SCALAR_BYTES)?;
    m.add("MESSAGE_BYTES", ballistic_api::MESSAGE_BYTES)?;
    m.add(
        "MAX_EXTENSION_DEGREE",
        ballistic::generators::MAX_EXTENSION_DEGREE,
    )?;
    Ok(())
}

/// The extension module `ballistic._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(prove, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(verify_batch, m)?)?;
    m.add_function(wrap_pyfunction!(rewind, m)?)?;
    add_constants(m)
}
