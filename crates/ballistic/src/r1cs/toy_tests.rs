//! Soundness of the R1CS protocol on the toy group (order 1019).
