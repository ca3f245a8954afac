@testable import CraftBackends
import CraftTesting
import Testing

/// The pool as the ordinary commands use it: the first healthy endpoint answers; one that fails is passed over
/// and set aside; when all fail, the error names every URL.
@Suite struct EndpointPoolTests {
    private static let refused = ModelError.unreachable(
        backend: "openai", url: "http://a:8080/v1/chat/completions", detail: "connection refused")

    /// A pool whose clock stands still, so an endpoint set aside stays aside however slow the machine.
    private func pool(_ members: [TestLanguageModel]) -> EndpointPool {
        EndpointPool(
            name: "openai", endpoints: members.indices.map { PoolEndpoint(url: "http://e\($0):8080") },
            members: members, now: { 0 })
    }

    private func answer(_ pool: EndpointPool) async -> Result<[ModelEvent], any Error> {
        var events: [ModelEvent] = []
        do {
            for try await event in pool.stream(prompt("hello"), request: GenerationRequest()) { events.append(event) }
            return .success(events)
        } catch {
            return .failure(error)
        }
    }

    @Test func theFirstHealthyEndpointAnswers() async {
        let first = TestLanguageModel(name: "openai", answers: ["one"])
        let second = TestLanguageModel(name: "openai", answers: ["two"])
        let result = await answer(pool([first, second]))
        #expect((try? result.get())?.contains(.textDelta("one")) == true)
        #expect(first.calls.count == 1)
        #expect(second.calls.isEmpty)
    }

    @Test func aRefusingEndpointIsPassedOverAndSetAside() async {
        let dead = TestLanguageModel(name: "openai") { _, _ in throw Self.refused }
        let alive = TestLanguageModel(name: "openai", answers: ["two"])
        let pool = pool([dead, alive])
        #expect((try? await answer(pool).get())?.contains(.textDelta("two")) == true)
        // The next request goes straight to the healthy endpoint: the dead one rests.
        #expect((try? await answer(pool).get())?.contains(.textDelta("two")) == true)
        #expect(dead.calls.count == 1)
        #expect(alive.calls.count == 2)
    }

    @Test func aRequestsOwnFaultIsNotRetriedElsewhere() async {
        let other = TestLanguageModel(name: "openai", answers: ["two"])
        let broken = TestLanguageModel(name: "openai") { _, _ in
            throw ModelError.invalidOutput(violations: ["not JSON"])
        }
        // A request's own fault (an invalid answer) is not the endpoint's: the next endpoint is not asked.
        let result = await answer(pool([broken, other]))
        #expect(throws: ModelError.self) { try result.get() }
        #expect(other.calls.isEmpty)
    }

    @Test func whenEveryEndpointFailsTheErrorNamesEachURL() async throws {
        let members = (0..<2).map { _ in TestLanguageModel(name: "openai") { _, _ in throw Self.refused } }
        let result = await answer(pool(members))
        let error = try #require(result.failure as? PoolError)
        let text = "\(error)"
        #expect(text.hasPrefix("openai: no endpoint of the pool answered"))
        #expect(text.contains("http://e0:8080"))
        #expect(text.contains("http://e1:8080"))
        #expect(text.contains("remove the dead ones from --base-url"))
        #expect(error.exitStatus == .unavailable)
    }

    @Test func theSlotsComeFromTheSettingElseOne() async {
        let pool = EndpointPool(
            name: "openai",
            endpoints: [PoolEndpoint(url: "http://a", slots: 4), PoolEndpoint(url: "http://b")],
            members: [TestLanguageModel(answers: ["x"]), TestLanguageModel(answers: ["x"])])
        let resolved = await pool.resolvedEndpoints()
        #expect(resolved == [
            ResolvedEndpoint(url: "http://a", slots: 4, source: .setting),
            ResolvedEndpoint(url: "http://b", slots: 1, source: .default),
        ])
    }

    @Test func anAvailablePoolNeedsOneAvailableEndpoint() async {
        let down = TestLanguageModel(name: "openai", availability: .unavailable(reason: "connection refused")) { _, _ in
            []
        }
        let up = TestLanguageModel(name: "openai", answers: ["x"])
        #expect(await pool([down, up]).availability() == .available)
        guard case .unavailable(let reason) = await pool([down, down]).availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("http://e0:8080: connection refused"))
        #expect(reason.contains("http://e1:8080: connection refused"))
    }
}

extension Result {
    /// The error, when this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
