import Crypto

extension PublicKey {
    /// Adopts a P-256 key swift-crypto already holds, such as the one swift-certificates
    /// parsed out of a certificate: decoding its bytes again would repeat the point check
    /// and conversion a verifier has already paid for once.
    public init(_ key: P256.Signing.PublicKey) {
        self.init(backing: .p256(key))
    }

    /// Adopts a P-384 key swift-crypto already holds (see the P-256 initializer).
    public init(_ key: P384.Signing.PublicKey) {
        self.init(backing: .p384(key))
    }

    /// Adopts a P-521 key swift-crypto already holds (see the P-256 initializer).
    public init(_ key: P521.Signing.PublicKey) {
        self.init(backing: .p521(key))
    }
}
