// The dialects the language server reads; each one is a language contributed in package.json,
// with a grammar in syntaxes/<id>.tmLanguage.json and fixtures in test/grammar/<id>/.

export const LANGUAGES = ["forge", "wagic", "pymtg", "netrunner", "rulescript"] as const;
