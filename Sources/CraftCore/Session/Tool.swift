public import CraftBackends
public import CraftSchema

/// A tool the model may call during a request, on backends that support tools.
///
/// The session offers each tool's definition, runs the calls the model makes, feeds the outputs back and asks
/// again. A tool refuses a call it must not carry out by returning the refusal as its output, so the model can
/// read why; it throws only when it cannot run at all.
public protocol Tool: Sendable {
    /// The name, description and JSON schema of the arguments, as offered to the model.
    var definition: ToolDefinition { get }

    /// Carries out one call with the model's arguments and returns what to tell the model.
    func call(arguments: GeneratedContent) async throws -> String
}

extension Tool {
    /// The tool's name.
    public var name: String { definition.name }

    /// Runs a call as the model made it: arguments that are not a JSON object are reported back, not thrown.
    func run(_ call: ToolCall) async throws -> ToolOutput {
        let arguments: GeneratedContent
        do {
            arguments = try GeneratedContent(json: call.arguments.isEmpty ? "{}" : call.arguments)
        } catch {
            return ToolOutput(
                id: call.id, name: call.name, output: "Refused: the arguments are not valid JSON (\(error)).")
        }
        return ToolOutput(id: call.id, name: call.name, output: try await self.call(arguments: arguments))
    }
}
