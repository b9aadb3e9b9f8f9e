import Foundation
import JSONModel
import Testing

/// Objects look members up by scanning while small and through a hash index once large;
/// both must behave the same, including across the switch in either direction.
@Suite("JSONObject: lookup, order and removal at every size")
struct JSONObjectTests {
    @Test(arguments: [0, 1, 15, 16, 17, 40, 300])
    func membersKeepTheirOrderAndAreFoundAtAnySize(_ count: Int) {
        var object = JSONObject()
        for index in 0..<count { object["m\(index)"] = .number(JSONNumber(index)) }
        #expect(object.count == count)
        #expect(object.keys == (0..<count).map { "m\($0)" })
        for index in 0..<count { #expect(object["m\(index)"] == .number(JSONNumber(index))) }
        #expect(object["m\(count)"] == nil && !object.contains("absent"))
    }

    @Test func replacingKeepsThePositionAndRemovingShrinksBelowTheIndexThreshold() {
        var object = JSONObject()
        for index in 0..<20 { object["m\(index)"] = .number(JSONNumber(index)) }
        object["m3"] = "replaced"
        #expect(object.keys[3] == "m3" && object["m3"] == "replaced")
        // Remove down past the threshold and check every survivor is still found.
        for index in stride(from: 19, through: 5, by: -1) { object["m\(index)"] = nil }
        #expect(object.keys == ["m0", "m1", "m2", "m3", "m4"])
        #expect(object["m4"] == .number(JSONNumber(4)) && object["m5"] == nil)
        // And grow again past it.
        for index in 5..<25 { object["n\(index)"] = .bool(true) }
        #expect(object.count == 25 && object["n24"] == .bool(true) && object["m0"] == .number(JSONNumber(0)))
    }

    @Test func namesAreComparedByScalarsNotByCanonicalEquivalence() {
        // "é" precomposed and decomposed are two members, small object or large.
        for padding in [0, 20] {
            var object = JSONObject()
            for index in 0..<padding { object["p\(index)"] = .null }
            object["\u{E9}"] = 1
            object["e\u{301}"] = 2
            #expect(object.count == padding + 2)
            #expect(object["\u{E9}"] == 1 && object["e\u{301}"] == 2)
        }
    }

    @Test func equalityIgnoresOrderAcrossSizes() {
        let small: JSONObject = ["a": 1, "b": 2]
        let reversed: JSONObject = ["b": 2, "a": 1]
        #expect(small == reversed && small.hashValue == reversed.hashValue)
        var large = JSONObject()
        var largeReversed = JSONObject()
        for index in 0..<30 { large["k\(index)"] = .number(JSONNumber(index)) }
        for index in (0..<30).reversed() { largeReversed["k\(index)"] = .number(JSONNumber(index)) }
        #expect(large == largeReversed && large.hashValue == largeReversed.hashValue)
        largeReversed["k7"] = 0
        #expect(large != largeReversed)
    }

    @Test func sortedSerializationOrdersByCodePointAtAnySize() throws {
        var object = JSONObject()
        for name in ["b", "a", "ä", "A", "aa", "", "z"] + (0..<20).map({ "x\($0)" }) { object[name] = .null }
        let text = String(decoding: JSONValue.object(object).serialized(.sortedKeys), as: UTF8.self)
        let names = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let expected = "{" + names.map { "\"\($0)\":null" }.joined(separator: ",") + "}"
        #expect(text == expected)
    }
}
