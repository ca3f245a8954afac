extension OpenAILanguageModel: SlotReporting {
    /// A llama-server's number of slots from its `/props` (`total_slots`); nil from other servers, which do not say.
    public func serverSlots() async -> Int? {
        guard configuration.flavor != .openAI,
            let props = try? await configuration.endpoint.probing.decode(OpenAIWire.Props.self, from: "/props"),
            let slots = props.totalSlots, slots >= 1
        else { return nil }
        return slots
    }
}
