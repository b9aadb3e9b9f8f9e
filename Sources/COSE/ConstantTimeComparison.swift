import Foundation

/// Byte comparison whose running time does not depend on where the inputs differ, so a MAC
/// check leaks nothing about how much of a forged tag was right.
enum ConstantTimeComparison {
    static func equals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }
}
