/// A hexadecimal hash as a dictionary key, hashed as one run of bytes: `[UInt8]`'s own
/// `Hashable` feeds the hasher a byte at a time, which showed as the first cost of grouping
/// blank nodes by hash.
struct HashKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
