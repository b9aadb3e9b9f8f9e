import Foundation

extension JWK {
    /// The public JWK of a key: `kty`, `crv`, `x`, `y` for EC; `kty`, `crv`, `x` for OKP;
    /// `kty`, `n`, `e` for RSA.
    public init(publicKey: PublicKey, keyID: String? = nil) {
        switch publicKey.keyType {
        case .ec:
            let coordinates = publicKey.coordinates
            self.init(kty: .ec, crv: publicKey.curve?.rawValue, x: coordinates?.x, y: coordinates?.y, kid: keyID)
        case .okp:
            self.init(kty: .okp, crv: publicKey.curve?.rawValue, x: publicKey.rawRepresentation, kid: keyID)
        case .rsa, .oct:
            let components = publicKey.rsaComponents
            self.init(kty: .rsa, n: components?.modulus, e: components?.exponent, kid: keyID)
        }
    }

    /// The private JWK of a key: the public members plus `d`.
    public init(privateKey: PrivateKey, keyID: String? = nil) {
        self.init(publicKey: privateKey.publicKey, keyID: keyID)
        self.d = privateKey.rawRepresentation
    }

    /// A symmetric (`oct`) JWK.
    public init(symmetricKey: Data, keyID: String? = nil) {
        self.init(kty: .oct, k: symmetricKey, kid: keyID)
    }

    /// The curve named by `crv`, if this module supports it.
    public var curve: KeyCurve? { crv.flatMap(KeyCurve.init(rawValue:)) }

    /// The public key this JWK describes, after strict checks: the members match `kty`
    /// (no `y` on OKP keys, no `k` on asymmetric keys), coordinates have exactly the
    /// curve's length, the point is on the curve, RSA values are minimal big-endian.
    public func publicKey() throws(CryptoKeysError) -> PublicKey {
        guard k == nil else { throw .invalidJWK(reason: "asymmetric JWK has a k member") }
        switch kty {
        case .ec:
            let curve = try requireCurve()
            guard curve.isWeierstrass else { throw .invalidJWK(reason: "crv \(curve.rawValue) is not an EC curve") }
            guard let x, let y else { throw .invalidJWK(reason: "EC JWK needs x and y") }
            guard n == nil, e == nil else { throw .invalidJWK(reason: "EC JWK has RSA members") }
            let size = curve.coordinateByteCount
            guard x.count == size, y.count == size else {
                throw .invalidJWK(reason: "\(curve.rawValue) coordinates must be \(size) bytes")
            }
            return try PublicKey(rawRepresentation: x + y, curve: curve)
        case .okp:
            let curve = try requireCurve()
            guard !curve.isWeierstrass else { throw .invalidJWK(reason: "crv \(curve.rawValue) is not an OKP curve") }
            guard let x else { throw .invalidJWK(reason: "OKP JWK needs x") }
            guard y == nil, n == nil, e == nil else { throw .invalidJWK(reason: "OKP JWK has EC or RSA members") }
            guard x.count == 32 else { throw .invalidJWK(reason: "\(curve.rawValue) x must be 32 bytes") }
            return try PublicKey(rawRepresentation: x, curve: curve)
        case .rsa:
            guard let n, let e else { throw .invalidJWK(reason: "RSA JWK needs n and e") }
            guard crv == nil, x == nil, y == nil else { throw .invalidJWK(reason: "RSA JWK has EC members") }
            guard n.first != 0, e.first != 0, !n.isEmpty, !e.isEmpty else {
                throw .invalidJWK(reason: "RSA n and e must be minimal big-endian integers")
            }
            return try PublicKey(rsaModulus: n, exponent: e)
        case .oct:
            throw .invalidJWK(reason: "an oct JWK has no public key")
        }
    }

    /// The private key this JWK describes; checks that `d` matches the public members.
    public func privateKey() throws(CryptoKeysError) -> PrivateKey {
        guard let d else { throw .invalidJWK(reason: "JWK has no d member") }
        guard kty != .rsa else { throw .unsupported("RSA private keys") }
        let publicKey = try publicKey()
        guard let curve = publicKey.curve else { throw .invalidJWK(reason: "JWK has no curve") }
        guard d.count == curve.coordinateByteCount else {
            throw .invalidJWK(reason: "\(curve.rawValue) d must be \(curve.coordinateByteCount) bytes")
        }
        let privateKey = try PrivateKey(rawRepresentation: d, curve: curve)
        guard privateKey.publicKey == publicKey else {
            throw .invalidJWK(reason: "d does not match the public key")
        }
        return privateKey
    }

    /// The symmetric key of an `oct` JWK.
    public func symmetricKey() throws(CryptoKeysError) -> Data {
        guard kty == .oct, let k, !k.isEmpty else { throw .invalidJWK(reason: "not an oct JWK with k") }
        return k
    }

    private func requireCurve() throws(CryptoKeysError) -> KeyCurve {
        guard let crv else { throw .invalidJWK(reason: "\(kty.rawValue) JWK needs crv") }
        guard let curve = KeyCurve(rawValue: crv) else { throw .unsupported("curve \(crv)") }
        return curve
    }
}
