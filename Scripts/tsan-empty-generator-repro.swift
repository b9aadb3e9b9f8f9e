// A compiler defect, reduced (Docs/Security.md, "Fuzzing and sanitizers"): under ThreadSanitizer a
// generic function's inout access is reported to `__tsan_external_write` with the argument's
// address, but for a type with no stored properties (SystemRandomNumberGenerator) the caller
// passes no real address: whatever word its register or stack slot holds (LLVM `undef`), or here,
// to make it certain, the bytes of "default". TSan's shadow lookup of that word faults.
//
//   swiftc -sanitize=thread -g Scripts/tsan-empty-generator-repro.swift -o /tmp/repro && /tmp/repro
//
// prints the line from the copy, then dies with "ThreadSanitizer: SEGV" in `__tsan::MemoryAccess`
// under `direct`. Without -sanitize=thread both lines print. Swift fixed the case where the caller
// itself knows the type is empty (swiftlang/swift#35579); inside generic code it cannot know.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(never)
func direct(using generator: inout some RandomNumberGenerator) -> UInt64 {
    generator.next()  // an inout access through the caller's address
}

@inline(never)
func throughCopy(using generator: inout some RandomNumberGenerator) -> UInt64 {
    var source = generator  // what AnonCreds does: the copy has a real address in this frame
    defer { generator = source }
    return source.next()
}

let nowhere = UnsafeMutablePointer<SystemRandomNumberGenerator>(bitPattern: 0x0074_6C75_6166_6564)!
print("through a copy:", throughCopy(using: &nowhere.pointee))
fflush(stdout)
print("direct:", direct(using: &nowhere.pointee))
