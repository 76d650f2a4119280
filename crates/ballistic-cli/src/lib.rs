//! The parts of the `ballistic` command that other code (the fuzz targets) uses: the
//! proof-file formats (range proofs, circuit proofs) with their strict readers, the
//! test-vector runner of `verify --vectors`, and the command's error type.

#![forbid(unsafe_code)]
// The lint wall of code that reads hostile bytes: the file readers are this library.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

pub mod circuit_format;
pub mod error;
pub mod format;
pub mod vectors;
