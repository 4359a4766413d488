import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Damaged profiles end in a typed error, never a crash or a hang.
@Suite struct ProfileHostileInputTests {
    /// A fixture profile in both encodings, plus the corpus's two when present.
    private func samples() throws -> [(String, [UInt8])] {
        var samples: [(String, [UInt8])] = [
            ("fixture DER", ProfileWriter.write(ProfileWriterTests.fixture, encoding: .der)),
            ("fixture BER", ProfileWriter.write(ProfileWriterTests.fixture, encoding: .indefiniteBER(chunkSize: 500))),
        ]
        if RepositoryPaths.corpusTestsEnabled {
            for source in [ProfileCorpusSource.appStoreTest, .veryCapableApp] {
                if let bytes = try source.bytes() { samples.append((source.description, bytes)) }
            }
        }
        return samples
    }

    /// Reads `bytes`; only the two documented error types may come out.
    private func readExpectingTypedOutcome(_ bytes: [UInt8], _ label: String) -> Bool {
        do {
            _ = try ProvisioningProfileReader.read(bytes, file: label)
            return true
        } catch is ProvisioningProfileError {
            return false
        } catch is BundleCheckError {
            return false
        } catch {
            Issue.record("\(label): untyped error \(error)")
            return false
        }
    }

    @Test func everyTruncationOfAProfileIsATypedError() throws {
        for (label, bytes) in try samples() {
            var lengths = Array(0..<min(80, bytes.count))
            lengths += stride(from: 80, to: bytes.count, by: 17)
            lengths += (max(0, bytes.count - 40)..<bytes.count)
            for length in lengths {
                if readExpectingTypedOutcome(Array(bytes.prefix(length)), label) {
                    Issue.record("\(label) truncated to \(length) bytes was read as a profile")
                }
            }
        }
    }

    @Test func truncatingAnIndefiniteLengthProfileReportsTheMissingEndOfContents() throws {
        let bytes = ProfileWriter.write(ProfileWriterTests.fixture, encoding: .indefiniteBER(chunkSize: 500))
        #expect(throws: ProvisioningProfileError.malformedEnvelope(file: "p", .missingEndOfContents(offset: 0))) {
            try ProvisioningProfileReader.read(Array(bytes.dropLast(2)), file: "p")
        }
    }

    @Test func randomByteFlipsEndInAProfileOrATypedError() throws {
        var random = SeededRandom(seed: 0x5EED_F11B)
        for (label, bytes) in try samples() {
            for _ in 0..<300 {
                var damaged = bytes
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    // Mostly the envelope's headers, where a flip changes the structure.
                    let range = Bool.random(using: &random) ? 0..<min(64, bytes.count) : 0..<bytes.count
                    damaged[Int.random(in: range, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
                _ = readExpectingTypedOutcome(damaged, label)
            }
        }
    }

    @Test func aContentLengthOfTwoToTheSixtyThirdIsATypedError() throws {
        // An envelope whose eContent OCTET STRING claims 2^63 bytes.
        let envelope = BERNode.sequence([
            .objectIdentifier("1.2.840.113549.1.7.2"),
            .explicit(0, [.sequence([.integer(1), .set([]), .sequence([.objectIdentifier("1.2.840.113549.1.7.1")])])]),
        ]).encoded(indefiniteLengths: true)
        let hostile = Array(envelope.dropLast(8)) + [0xA0, 0x80, 0x04, 0x88, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x3C]
        #expect(throws: ProvisioningProfileError.self) {
            try ProvisioningProfileReader.read(hostile, file: "p")
        }
        do {
            _ = try ProvisioningProfileReader.read(hostile, file: "p")
        } catch let ProvisioningProfileError.malformedEnvelope(_, error) {
            guard case .lengthPastEnd(_, let length, _) = error else {
                Issue.record("expected lengthPastEnd, got \(error)")
                return
            }
            #expect(length == 1 << 63)
        }
    }

    @Test func indefiniteLengthsNestedPastTheCapInsideTheContentAreATypedError() {
        let depth = 200
        let nested =
            Array([[UInt8]](repeating: [0x24, 0x80], count: depth).joined()) + [0x04, 0x01, 0x3C]
            + [UInt8](repeating: 0, count: 2 * depth)
        let prefix = BERNode.sequence([
            .objectIdentifier("1.2.840.113549.1.7.2"),
            .explicit(0, [.sequence([.integer(1), .set([]), .sequence([.objectIdentifier("1.2.840.113549.1.7.1")])])]),
        ]).encoded(indefiniteLengths: true)
        // Replace the closing markers of encapContentInfo, SignedData, [0] and ContentInfo with the nested content.
        let hostile = Array(prefix.dropLast(8)) + [0xA0, 0x80] + nested + [UInt8](repeating: 0, count: 10)
        #expect(throws: ProvisioningProfileError.self) {
            try ProvisioningProfileReader.read(hostile, file: "p")
        }
        do {
            _ = try ProvisioningProfileReader.read(hostile, file: "p")
        } catch let ProvisioningProfileError.malformedEnvelope(_, error) {
            #expect(error.description.contains("nested more than 64 deep"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aProfileMissingItsFinalEndOfContentsIsATypedError() throws {
        guard RepositoryPaths.corpusTestsEnabled, let bytes = try ProfileCorpusSource.veryCapableApp.bytes() else { return }
        #expect(throws: ProvisioningProfileError.malformedEnvelope(file: "p", .missingEndOfContents(offset: 0))) {
            try ProvisioningProfileReader.read(Array(bytes.dropLast(2)), file: "p")
        }
    }
}
