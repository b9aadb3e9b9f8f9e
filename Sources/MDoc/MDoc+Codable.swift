import CBOR
import Foundation

// Codable for the mdoc structures: each reads and writes itself as a ``CBOR`` value, so they
// nest in other Codable types and go through CBOREncoder/CBORDecoder unchanged. Decoding
// applies the same checks and default ``MDocLimits`` as the `init(cbor:)`/`init(decoding:)` readers.

extension MobileSecurityObject: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension DeviceKeyInfo: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension KeyAuthorizations: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension IssuerAuth: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension Document: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension DeviceSigned: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension DeviceAuth: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension ItemsRequest: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension DocRequest: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(cbor: value)
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension DeviceRequest: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(decoding: value.encoded())
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}

extension SessionTranscript: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(decoding: value.encoded())
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension DeviceEngagement: Codable {
    /// Decodes from any `Decoder` that can produce a ``CBOR`` value (``CBORDecoder``).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(CBOR.self)
        self = try Self(decoding: value.encoded())
    }

    /// Encodes as the CBOR value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
