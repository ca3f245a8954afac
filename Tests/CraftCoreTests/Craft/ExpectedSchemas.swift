@testable import CraftCore

// Expected JSON Schema text for every craft response type, written out in full. Parsed before comparing, so only
// layout is free: key order, every keyword and every description must match.

enum ExpectedSchemas {
    /// `ImageAnalysisList`, plain dialect (with `ImageReference` resolved to two labels).
    static let imageAnalysisListPlain = #"""
    {
        "type": "object",
        "description": "An analysis of every photo the user shared",
        "properties": {
            "images": {
                "type": "array",
                "description": "One entry for each photo",
                "items": {
                    "type": "object",
                    "description": "What one photo shows, for crafting",
                    "properties": {
                        "image": {
                            "type": "string",
                            "description": "The label of the photo, exactly as it was given with the photo",
                            "enum": ["Photo_a1b2c3", "Photo_d4e5f6"]
                        },
                        "analysis": {
                            "type": "string",
                            "description": "One or two sentences on the objects in the photo, their colours and materials"
                        },
                        "typeOfImage": {
                            "type": "string",
                            "description": "Whether the photo shows supplies, a finished piece or inspiration",
                            "enum": ["craft supplies", "a finished craft piece", "inspiration for the craft"]
                        }
                    },
                    "required": ["image", "analysis", "typeOfImage"],
                    "additionalProperties": false
                },
                "minItems": 1
            }
        },
        "required": ["images"],
        "additionalProperties": false
    }
    """#

    /// `BrainstormIdeaList`, plain dialect.
    static let brainstormIdeaListPlain = #"""
    {
        "type": "object",
        "description": "Craft projects the user could make with their supplies",
        "properties": {
            "ideas": {
                "type": "array",
                "description": "Different projects, each made from the supplies shown",
                "items": {
                    "type": "object",
                    "description": "A craft project the user could make",
                    "properties": {
                        "title": {"type": "string", "description": "A short, inviting name for the project"},
                        "description": {
                            "type": "string",
                            "description": "What the project is and how it uses the supplies, in one sentence",
                            "maxLength": 180
                        }
                    },
                    "required": ["title", "description"],
                    "additionalProperties": false
                },
                "minItems": 3
            }
        },
        "required": ["ideas"],
        "additionalProperties": false
    }
    """#

    /// `Tutorial`, plain dialect.
    static let tutorialPlain = #"""
    {
        "type": "object",
        "description": "Step-by-step instructions for making the chosen project",
        "properties": {
            "title": {"type": "string", "description": "The project's name"},
            "materials": {
                "type": "array",
                "description": "Each supply or tool needed, once",
                "items": {"type": "string"},
                "minItems": 1
            },
            "steps": {
                "type": "array",
                "description": "The steps in order, each a different action",
                "items": {
                    "type": "object",
                    "description": "One step of the tutorial",
                    "properties": {
                        "number": {"type": "integer", "description": "The step's position, starting at 1", "minimum": 1},
                        "title": {"type": "string", "description": "A few words naming the step"},
                        "instruction": {
                            "type": "string",
                            "description": "What to do in this step, concretely enough to follow without pictures"
                        }
                    },
                    "required": ["number", "title", "instruction"],
                    "additionalProperties": false
                },
                "minItems": 3,
                "maxItems": 10
            }
        },
        "required": ["title", "materials", "steps"],
        "additionalProperties": false
    }
    """#

    /// `CoachFeedback`, plain dialect.
    static let coachFeedbackPlain = #"""
    {
        "type": "object",
        "description": "Feedback on a photo of the user's progress on the current step",
        "properties": {
            "observation": {
                "type": "string",
                "description": "First describe what you see in the photo and compare it to the goal of the current step, in one or two sentences",
                "maxLength": 160
            },
            "sections": {
                "type": "array",
                "description": "Feedback in two short sections",
                "items": {
                    "type": "object",
                    "description": "One section of feedback",
                    "properties": {
                        "title": {
                            "type": "string",
                            "description": "A short heading such as What You Did Well, Try This Instead or Next Steps"
                        },
                        "body": {
                            "type": "string",
                            "description": "The feedback of this section in one friendly, specific sentence",
                            "maxLength": 100
                        }
                    },
                    "required": ["title", "body"],
                    "additionalProperties": false
                },
                "minItems": 2,
                "maxItems": 3
            },
            "isCurrentStepComplete": {
                "type": "boolean",
                "description": "True ONLY if the photo clearly and unambiguously demonstrates that the current step is complete. Err strongly on the side of false: when anything is unclear, hidden or unfinished, answer false"
            },
            "completionMessage": {
                "type": "string",
                "description": "One short sentence congratulating the user, only when isCurrentStepComplete is true; null otherwise",
                "maxLength": 100
            }
        },
        "required": ["observation", "sections", "isCurrentStepComplete"],
        "additionalProperties": false
    }
    """#

    /// `ExtractedTerms`, plain dialect.
    static let extractedTermsPlain = #"""
    {
        "type": "object",
        "description": "Craft terms in the tutorial that a beginner may not know",
        "properties": {
            "terms": {
                "type": "array",
                "description": "Each term exactly as it appears in the tutorial, most useful first",
                "items": {"type": "string"},
                "maxItems": 10
            }
        },
        "required": ["terms"],
        "additionalProperties": false
    }
    """#

    /// `TermExplanation`, plain dialect.
    static let termExplanationPlain = #"""
    {
        "type": "object",
        "description": "A short explanation of a craft term",
        "properties": {
            "term": {"type": "string", "description": "The term being explained"},
            "explanation": {
                "type": "string",
                "description": "What the term means and how it is used, in plain words a beginner can follow"
            }
        },
        "required": ["term", "explanation"],
        "additionalProperties": false
    }
    """#

    /// `CoachFeedback`, OpenAI strict dialect: the optional message is nullable and required.
    static let coachFeedbackStrict = #"""
    {
        "type": "object",
        "description": "Feedback on a photo of the user's progress on the current step",
        "properties": {
            "observation": {
                "type": "string",
                "description": "First describe what you see in the photo and compare it to the goal of the current step, in one or two sentences"
            },
            "sections": {
                "type": "array",
                "description": "Feedback in two short sections",
                "items": {
                    "type": "object",
                    "description": "One section of feedback",
                    "properties": {
                        "title": {
                            "type": "string",
                            "description": "A short heading such as What You Did Well, Try This Instead or Next Steps"
                        },
                        "body": {"type": "string", "description": "The feedback of this section in one friendly, specific sentence"}
                    },
                    "required": ["title", "body"],
                    "additionalProperties": false
                },
                "minItems": 2,
                "maxItems": 3
            },
            "isCurrentStepComplete": {
                "type": "boolean",
                "description": "True ONLY if the photo clearly and unambiguously demonstrates that the current step is complete. Err strongly on the side of false: when anything is unclear, hidden or unfinished, answer false"
            },
            "completionMessage": {
                "type": ["string", "null"],
                "description": "One short sentence congratulating the user, only when isCurrentStepComplete is true; null otherwise"
            }
        },
        "required": ["observation", "sections", "isCurrentStepComplete", "completionMessage"],
        "additionalProperties": false
    }
    """#
}
