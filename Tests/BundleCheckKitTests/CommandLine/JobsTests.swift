import BundleCheckFixtures
import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckCommandLine

/// `--jobs`: how many inputs are checked at once, and that the report does not depend on it.
@Suite struct JobsTests {
    @Test func kernelCPUListsAreCounted() {
        #expect(ProcessorBudget.processors(inList: "0-3,6,8-9") == 7)
        #expect(ProcessorBudget.processors(inList: " 0\n") == 1)
        #expect(ProcessorBudget.processors(inList: "3-1") == nil)
        #expect(ProcessorBudget.processors(inList: "a-b") == nil)
        #expect(ProcessorBudget.processors(inList: "") == nil)
    }

    @Test func cgroupQuotasRoundUpToWholeProcessors() {
        #expect(ProcessorBudget.quota(cgroupV2: "max 100000\n") == nil)
        #expect(ProcessorBudget.quota(cgroupV2: "150000 100000\n") == 2)
        #expect(ProcessorBudget.quota(cgroupV2: "50000 100000") == 1)
        #expect(ProcessorBudget.quota(cgroupV1Quota: "-1\n", period: "100000\n") == nil)
        #expect(ProcessorBudget.quota(cgroupV1Quota: "400000\n", period: "100000\n") == 4)
    }

    @Test func theDefaultIsBetweenOneAndTheCeiling() {
        #expect((1...ProcessorBudget.defaultCeiling).contains(ProcessorBudget.defaultJobs()))
    }

    @Test func jobsTakesAWholeNumberInRange() throws {
        guard case .check(let options) = try CommandLineParser.parse(["-j", "3", "A.ipa"]) else {
            Issue.record("not a check")
            return
        }
        #expect(options.jobs == 3)
        // The cap itself is taken; one more is refused below.
        guard case .check(let most) = try CommandLineParser.parse(["--jobs=\(ProcessorBudget.maximumJobs)", "A.ipa"]) else {
            Issue.record("not a check")
            return
        }
        #expect(most.jobs == 64 && ProcessorBudget.maximumJobs == 64)
        for bad in ["0", "-1", "two", "65"] {
            #expect(throws: UsageError.invalidCount(option: "--jobs", value: bad, range: 1...64)) {
                try CommandLineParser.parse(["--jobs=\(bad)", "A.ipa"])
            }
        }
    }

    @Test func resultsKeepTheInputsOrderWhateverFinishesFirst() {
        // Later items finish first: the early ones sleep longest.
        let results = ParallelMap.map(Array(0..<12), jobs: 4) { item in
            usleep(useconds_t((12 - item) * 2000))
            return item * item
        }
        #expect(results == (0..<12).map { $0 * $0 })
    }

    @Test func eachHelperStartsWithItsOwnItem() {
        // Worker k starts with item k: helpers work even when the calling thread could do it all.
        let results = ParallelMap.map(Array(0..<6), jobs: 4, { "caller \($0)" }, helpers: { { "helper \($0)" } })
        #expect(results[0] == "caller 0")
        #expect(results[1...3] == ["helper 1", "helper 2", "helper 3"])
        #expect(results.enumerated().allSatisfy { $0.element.hasSuffix(" \($0.offset)") })
    }

    @Test func helpersThatCannotStartLeaveTheirItemsToTheCallingThread() {
        let results = ParallelMap.map(Array(0..<6), jobs: 4, { "caller \($0)" }, helpers: { nil })
        #expect(results == (0..<6).map { "caller \($0)" })
    }

    @Test func itemsAreTakenInTheGivenOrderAndResultsKeepTheItemsOrder() {
        let taken = Log()
        let results = ParallelMap.map(Array(0..<6), jobs: 1, order: [5, 3, 1, 0, 2, 4]) { item in
            taken.append(item)
            return item * 10
        }
        #expect(taken.items == [5, 3, 1, 0, 2, 4])
        #expect(results == [0, 10, 20, 30, 40, 50])
        let many = ParallelMap.map(Array(0..<12), jobs: 4, order: Array((0..<12).reversed())) { $0 * 2 }
        #expect(many == (0..<12).map { $0 * 2 })
        // An order that is no permutation of the items is not followed.
        #expect(ParallelMap.map(Array(0..<3), jobs: 2, order: [0, 0, 1]) { $0 } == [0, 1, 2])
    }

    @Test(.hangGuard) func aWorkerWithNoItemsLeftHelpsUntilTheLastIsDone() {
        // Item 0 offers jobs; the worker done with item 1 runs them, then both return.
        let work = SharedWork()
        let results = ParallelMap.map([0, 1], jobs: 2, sharing: work) { item -> Int in
            guard item == 0 else { return 1 }
            while !work.hasHelper { usleep(100) }
            let counter = Counter()
            let tickets = (0..<10).compactMap { _ in work.offer { counter.add() } }
            while work.jobsRunByHelpers == 0 { usleep(100) }
            for ticket in tickets { work.complete(ticket) }
            return counter.value
        }
        #expect(results == [10, 1])
        #expect(work.jobsRunByHelpers > 0)
        #expect(!work.hasHelper, "closed once the last item was done")
    }

    @Test(.hangGuard) func itemsGivenBackLateAreTakenByAThreadWaitingToHelp() {
        // The helpers give up after the calling thread has run out of items and waits in `sharing`.
        let results = ParallelMap.map(
            Array(0..<6), jobs: 4, sharing: SharedWork(), { "caller \($0)" },
            helpers: {
                usleep(20_000)
                return nil
            })
        #expect(results == (0..<6).map { "caller \($0)" })
    }

    @Test func theReportIsByteIdenticalWithOneJobAndMany() throws {
        let directory = try TemporaryDirectory()
        var inputs: [String] = []
        for index in 0..<5 {
            let package: FixturePackage = try index.isMultiple(of: 2) ? .ipa(BundleCheckCommandTests.drifted) : .ipa(BundleCheckCommandTests.clean)
            inputs.append(try BundleCheckCommandTests.writePackage(package, in: directory, name: "App\(index).ipa"))
        }
        inputs.append(directory.path("missing.ipa"))
        let serial = CapturingConsole.run(["--format", "json", "--jobs", "1"] + inputs)
        let parallel = CapturingConsole.run(["--format", "json", "--jobs", "4"] + inputs)
        #expect(serial.0 == .inputFailure)
        #expect(parallel.0 == serial.0)
        #expect(parallel.1.output == serial.1.output)
        #expect(parallel.1.error == serial.1.error)
        #expect(serial.1.output.contains("App4.ipa"))
    }

    @Test func aSingleInputOpenedAheadReportsAsOneOpenedInTurn() throws {
        // With more than one job a single input is opened while the catalogue loads
        // (`PackagePrefetch`); with one it is opened after. Packages, an error and a pkg.
        let directory = try TemporaryDirectory()
        let drifted = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.drifted), in: directory, name: "Drift.ipa")
        try ExamplePackages.paiNotesMacInstaller().write(to: directory.path("PaiNotes.pkg"))
        for input in [drifted, directory.path("missing.ipa"), directory.path("PaiNotes.pkg")] {
            let serial = CapturingConsole.run(["--format", "json", "--jobs", "1", input])
            let ahead = CapturingConsole.run(["--format", "json", "--jobs", "2", input])
            #expect(ahead.0 == serial.0, "\(input)")
            #expect(ahead.1.output == serial.1.output, "\(input)")
            #expect(ahead.1.error == serial.1.error, "\(input)")
        }
    }
}

/// Items in the order a transform saw them.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []
    func append(_ item: Int) { lock.withLock { seen.append(item) } }
    var items: [Int] { lock.withLock { seen } }
}
