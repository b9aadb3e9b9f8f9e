import CryptoKeys
import Foundation

extension COSEKey {
    /// Describes a public key as a COSE_Key (EC2 with both coordinates, or OKP).
    ///
    /// RSA keys have no COSE_Key form here and are refused.
    public init(publicKey: PublicKey, keyID: Data? = nil, algorithm: COSEAlgorithm? = nil) throws(COSEError) {
        guard let keyCurve = publicKey.curve else { throw .invalidKey("RSA keys are not supported as COSE_Key") }
        let curve = COSECurve(keyCurve)
        if keyCurve.isWeierstrass {
            guard let coordinates = publicKey.coordinates else { throw .invalidKey("EC key without coordinates") }
            self.init(
                keyType: .ec2, keyID: keyID, algorithm: algorithm, curve: curve,
                x: coordinates.x, y: .coordinate(coordinates.y))
        } else {
            self.init(
                keyType: .okp, keyID: keyID, algorithm: algorithm, curve: curve, x: publicKey.rawRepresentation)
        }
    }

    /// Describes a private key as a COSE_Key, with its public part.
    public init(privateKey: PrivateKey, keyID: Data? = nil, algorithm: COSEAlgorithm? = nil) throws(COSEError) {
        try self.init(publicKey: privateKey.publicKey, keyID: keyID, algorithm: algorithm)
        d = privateKey.rawRepresentation
    }

    /// A symmetric COSE_Key, such as an HMAC key.
    public init(symmetricKey: Data, keyID: Data? = nil, algorithm: COSEAlgorithm? = nil) {
        self.init(keyType: .symmetric, keyID: keyID, algorithm: algorithm, k: symmetricKey)
    }

    /// The public key, checked to be a valid point on its curve. A compressed EC2 key
    /// (`y` as a sign bit) is decompressed.
    public func publicKey() throws(COSEError) -> PublicKey {
        try validate()
        guard let keyCurve = curve?.keyCurve, let x else { throw .invalidKey("not an EC2 or OKP key") }
        do throws(CryptoKeysError) {
            switch y {
            case .coordinate(let yBytes)?:
                return try PublicKey(rawRepresentation: x + yBytes, curve: keyCurve)
            case .signBit(let odd)?:
                return try PublicKey(sec1Representation: Data([odd ? 0x03 : 0x02]) + x, curve: keyCurve)
            case nil:
                return try PublicKey(rawRepresentation: x, curve: keyCurve)
            }
        } catch {
            throw .invalidKey("\(error)")
        }
    }

    /// The private key, checked to match the public part carried with it.
    public func privateKey() throws(COSEError) -> PrivateKey {
        let publicKey = try publicKey()
        guard let d, let keyCurve = curve?.keyCurve else { throw .invalidKey("no private part (d)") }
        let privateKey: PrivateKey
        do throws(CryptoKeysError) {
            privateKey = try PrivateKey(rawRepresentation: d, curve: keyCurve)
        } catch {
            throw .invalidKey("\(error)")
        }
        guard privateKey.publicKey == publicKey else {
            throw .invalidKey("the private part does not match the public part")
        }
        return privateKey
    }
}
