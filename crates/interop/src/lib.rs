//! Helpers shared by the cross-verification tests and the peer benchmarks.
