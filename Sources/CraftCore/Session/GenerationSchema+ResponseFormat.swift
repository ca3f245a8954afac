public import CraftBackends
public import CraftSchema

extension GenerationSchema {
    /// The schema in every form a backend may need.
    ///
    /// It lives with the session, which hands it to a backend, so the schema layer needs no backend and a backend
    /// sees only the rendered forms, never the schema.
    public var responseFormat: ResponseFormat {
        ResponseFormat(
            name: name,
            plainJSONSchema: jsonSchema(.plain),
            strictJSONSchema: jsonSchema(.openAIStrict),
            promptDescription: promptDescription,
            compactJSONGrammar: compactJSONGrammar
        )
    }
}
