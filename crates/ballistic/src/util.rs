//! Shape arithmetic shared by the layers.

/// The padded vector length `N' = next_power_of_two(n·m)` of an `m`-value, `n`-bit proof.
pub fn padded_len(n: usize, m: usize) -> usize {
    (n * m).next_power_of_two()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_len_shapes() {
        assert_eq!(padded_len(64, 1), 64);
        assert_eq!(padded_len(7, 1), 8);
        assert_eq!(padded_len(64, 3), 256);
        assert_eq!(padded_len(1, 1), 1);
        assert_eq!(padded_len(33, 5), 256);
    }
}
