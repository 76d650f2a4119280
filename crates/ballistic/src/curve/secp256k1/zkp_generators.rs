//! secp256k1-zkp's Bulletproof generator vector (placeholder; being written).
