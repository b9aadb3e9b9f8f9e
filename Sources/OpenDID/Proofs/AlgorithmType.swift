import Foundation

/// The key algorithm family behind key, proof and curve names.
public enum AlgorithmType: String, Codable, Sendable, CaseIterable, StrictRawValueDecodable {
    case rsa = "Rsa"
    case secp256k1 = "Secp256k1"
    case secp256r1 = "Secp256r1"

    public init(from decoder: any Decoder) throws { self = try Self.decodeStrictly(from: decoder) }
}

/// A string enumeration whose raw values are an ``AlgorithmType`` raw value followed by
/// ``commonString`` (`"Secp256r1"` + `"Signature2018"`), so it maps onto the algorithm.
public protocol ConvertibleToAlgorithmType: RawRepresentable where RawValue == String {
    /// The suffix every raw value shares after the algorithm name.
    static var commonString: String { get }
    /// Convert to AlgorithmType
    ///
    /// - Returns: AlgorithmType
    func convertTo() -> AlgorithmType
}

/// A string enumeration that has one case per ``AlgorithmType``.
public protocol ConvertibleFromAlgorithmType: RawRepresentable where RawValue == String {
    /// The suffix every raw value shares after the algorithm name.
    static var commonString: String { get }

    /// Convert from AlgorithmType
    ///
    /// - Parameters:
    ///   - algorithmType: AlgorithmType value
    /// - Returns: Self type value
    static func convertFrom(algorithmType: AlgorithmType) -> Self
}

/// Convertible from AlgorithmType, and vice versa.
public typealias AlgorithmTypeConvertible = ConvertibleToAlgorithmType & ConvertibleFromAlgorithmType

/// The empty suffix, for enumerations whose raw values are the algorithm names themselves.
public let emptyString = ""
