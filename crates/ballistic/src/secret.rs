//! A growable vector of secrets that leaves no unwiped copy behind.
//!
//! `Vec::push` reallocates when the vector is full and frees the old buffer as it
//! is, secrets included, so a zeroizing `Drop` wipes only the last buffer.
//! [`SecretVec`] grows by moving its elements into a new buffer and wiping the old
//! one before it is freed, and wipes its buffer (spare capacity included) when
//! dropped.

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};
use zeroize::Zeroize;

/// The first capacity of a [`SecretVec`] that grows from empty.
const FIRST_CAPACITY: usize = 16;

/// A vector of secrets: every buffer it frees is zeroized first.
pub(crate) struct SecretVec<T: Zeroize + Copy>(Vec<T>);

impl<T: Zeroize + Copy> SecretVec<T> {
    /// An empty vector (allocates on the first push).
    pub(crate) const fn new() -> Self {
        SecretVec(Vec::new())
    }

    /// Appends `x`, moving the elements into a buffer of twice the capacity (the
    /// old one wiped) when full.
    pub(crate) fn push(&mut self, x: T) {
        if self.0.len() == self.0.capacity() {
            self.grow(self.0.len() + 1);
        }
        self.0.push(x);
    }

    fn grow(&mut self, needed: usize) {
        let capacity = needed
            .max(self.0.capacity().saturating_mul(2))
            .max(FIRST_CAPACITY);
        let mut bigger = Vec::with_capacity(capacity);
        bigger.extend_from_slice(&self.0);
        // Wipes the elements and the whole old buffer, then frees it.
        self.0.zeroize();
        self.0 = bigger;
    }
}

impl<T: Zeroize + Copy> Deref for SecretVec<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T: Zeroize + Copy> DerefMut for SecretVec<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<T: Zeroize + Copy> Drop for SecretVec<T> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_and_keeps_its_elements() {
        let mut v = SecretVec::<u64>::new();
        for i in 0..1000u64 {
            v.push(i);
        }
        assert_eq!(v.len(), 1000);
        assert!(v.iter().copied().eq(0..1000));
        assert!(SecretVec::<u8>::new().is_empty());
    }
}
