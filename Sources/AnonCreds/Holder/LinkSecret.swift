/// The holder's link secret: a random 256-bit integer blinded into every credential it
/// requests, so that a proof can show several credentials belong to one holder without
/// showing anything that identifies the holder.
///
/// Whoever learns it can use the holder's credentials (with their signatures): keep it in the
/// wallet's secure storage. Its description never shows the value.
public struct LinkSecret: Sendable, Hashable, CustomStringConvertible {
    let value: BigInteger

    init(value: BigInteger) { self.value = value }

    /// A fresh link secret from `generator` (256 random bits, as anoncreds-rs makes one).
    public static func random(using generator: inout some RandomNumberGenerator) -> LinkSecret {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        return LinkSecret(value: .random(bits: CLSizes.linkSecret, using: &source))
    }

    /// A fresh link secret from the system's generator.
    public static func random() -> LinkSecret {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Reads the decimal form anoncreds-rs stores a link secret in (the form its Python and
    /// JavaScript wrappers hand around); `nil` unless it is a non-negative decimal integer.
    public init?(storedDecimal text: String) {
        guard let value = BigInteger(decimal: text), value.signum >= 0 else { return nil }
        self.value = value
    }

    /// The decimal form, for the wallet's secure storage only.
    public var storedDecimal: String { value.decimalString }

    public var description: String { "LinkSecret(<hidden>)" }
}
