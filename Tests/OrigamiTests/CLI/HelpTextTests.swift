@testable import CraftBackends
@testable import CraftCore
@testable import origami
import Testing

/// The exact help text of every command, as a person sees it.
@Suite struct HelpTextTests {
    let formatter = HelpFormatter(parser: Origami.parser)

    @Test func helpOfOrigami() {
        #expect(formatter.help(path: []) == """
            OVERVIEW: A craft tutor: ideas, tutorials and coaching from your photos.

            USAGE: origami [OPTIONS] COMMAND

            OPTIONS:
              --backend LIST          Backends to try in order, comma-separated: engine,
                                      ollama, openai, replay (default: engine).
              --model NAME            The model of every mode: a name for ollama and openai,
                                      a GGUF file for the engine.
              --small-model NAME      The model of term (default: the engine's small model,
                                      else --model).
              --mmproj FILE           A vision projector GGUF for the engine, so it can see
                                      photos.
              --base-url URL          The address of the ollama or OpenAI-compatible server;
                                      repeat for a pool.
              --project DIR           The directory holding .origami/project.json (default:
                                      the current directory).
              --json                  Print one JSON event per line on stdout, for scripts.
              --quiet                 Print only results: no progress or messages.
              --verbose               Print backend details and timings on stderr.
              --no-color              Never colour the output (also NO_COLOR=1 or
                                      TERM=dumb).
              --vision yes|no|auto    Whether the model sees photos (default auto: asked of
                                      the server).
              --seed N                The sampling seed, for reproducible answers.
              --temperature T         The sampling temperature, 0 to 2 (default: per mode).
              --max-tokens N          The most tokens an answer may have.
              --timeout SECONDS       How long a model may stay silent before giving up
                                      (300).
              --record FILE           Append every model exchange to this cassette file.
              --cassette FILE         The cassette the replay backend answers from.
              --allow-insecure-http   Allow plain http:// to a server on another machine.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              brainstorm              Suggest crafts to make from photos of your supplies.
              tutorial                Write an idea's tutorial, or show the current one.
              coach                   Get feedback on a photo of your progress.
              term                    Explain a craft term, or list the tutorial's terms.
              status                  Show the photos, ideas, steps and last feedback.
              library                 List the library's checked projects, show one, or
                                      start one.
              doctor                  Show the settings, each mode's model, and check every
                                      backend.
              engine                  Start, stop or inspect the on-box model servers.
              eval                    Run an evaluation suite and report its metrics.
              help                    Show help for origami or one of its commands.
              completions             Print a completion script for bash, zsh or fish.
              man                     Print the manual page (roff): origami man | man -l -

              See 'origami help <subcommand>' for detailed help.

            """)
    }

    @Test func helpOfBrainstorm() {
        #expect(formatter.help(path: ["brainstorm"]) == """
            OVERVIEW: Suggest crafts to make from photos of your supplies.

            Each new photo is analysed (supplies, inspiration or a finished piece), then
            origami offers at least three ideas. Photos already in the project are not
            analysed again. The project is created in the current directory (or --project
            DIR) if there is none.

            USAGE: origami brainstorm [--hint TEXT] [OPTIONS] PHOTO...

            ARGUMENTS:
              PHOTO...                A photo (JPEG, PNG, WebP, HEIC), or a directory: its
                                      photos, sorted by name.

            OPTIONS:
              --hint TEXT             What the ideas should suit, e.g. "for a child".
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfTutorial() {
        #expect(formatter.help(path: ["tutorial"]) == """
            OVERVIEW: Write an idea's tutorial, or show the current one.

            Without options, shows the current tutorial (and writes one for idea 1 when
            there is none yet). With --idea N, shows the tutorial of idea N of the latest
            brainstorm: the one already written for it, or a new one, which starts at step
            1. The tutorial shown becomes the current one, which coach, term and status work
            on. Tutorials are never overwritten: each keeps its own step, progress photos,
            feedback and terms, and --switch N goes back to tutorial N (numbered in the
            order they were written; status lists them). With --step, you move the tutorial
            to that step yourself, forward or back; no model is asked.

            USAGE: origami tutorial [--idea N] [--switch N] [--step N] [OPTIONS]

            OPTIONS:
              --idea N                The idea to make, numbered as brainstorm lists them.
              --switch N              Go back to tutorial N, written before (see status).
              --step N                Move to step N yourself (forward or back).
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfCoach() {
        #expect(formatter.help(path: ["coach"]) == """
            OVERVIEW: Get feedback on a photo of your progress.

            The model compares the photo with the step's goal and answers with feedback
            sections and a verdict. The tutorial moves to the next step only when the photo
            clearly shows the current step complete; checking another step records its
            feedback and skips nothing. A model that cannot see photos judges origami's
            description of them and the change origami measured since the piece's earlier
            photo; its "complete" moves the tutorial on only when that change fits the step,
            or when you say what you did with --note, which it then judges. With --done you
            say the current step is done yourself, and no model is asked. The photos are
            kept on the step they show (see origami status). The exit status is 0 whatever
            the verdict; the verdict is in the output.

            USAGE: origami coach [--step N] [--note TEXT] [--done] [OPTIONS] [PHOTO...]

            ARGUMENTS:
              PHOTO...                A photo of your progress, or a directory of them.

            OPTIONS:
              --step N                The step the photo shows (default: the current step).
              --note TEXT             What you did, in your words; the model judges it with
                                      the photo.
              --done                  Say the current step is done yourself; no model is
                                      asked.
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfTerm() {
        #expect(formatter.help(path: ["term"]) == """
            OVERVIEW: Explain a craft term, or list the tutorial's terms.

            USAGE: origami term [OPTIONS] [TERM]

            ARGUMENTS:
              TERM                    The term to explain, e.g. "valley fold".

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfStatus() {
        #expect(formatter.help(path: ["status"]) == """
            OVERVIEW: Show the photos, ideas, steps and last feedback.

            Lists the photos brainstorm analysed, the ideas, the tutorial's steps with the
            current one marked and the progress photos kept on each step, and the last
            feedback. With --html, writes the tutorial as one self-contained page to keep or
            print: the idea, the materials, each step with its progress photos and latest
            feedback. Reads the project without waiting for a command that is working on it.

            USAGE: origami status [--html FILE] [OPTIONS]

            OPTIONS:
              --html FILE             Write the tutorial as one self-contained HTML page.
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfLibrary() {
        #expect(formatter.help(path: ["library"]) == """
            OVERVIEW: List the library's checked projects, show one, or start one.

            The library holds classic projects whose steps are known and checked: origami,
            paper, yarn, fabric and buttons. Without NAME, lists them; with NAME (an id such
            as paper-cup, or a title), shows its materials, steps, the shape each fold
            leaves and where the steps come from. With --start, makes it this project's
            tutorial at step 1, without a brainstorm; no model is asked.

            USAGE: origami library [--start] [OPTIONS] [NAME]

            ARGUMENTS:
              NAME                    The project to show, by id or title, e.g. paper-cup.

            OPTIONS:
              --start                 Make NAME this project's tutorial, at step 1.
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfDoctor() {
        #expect(formatter.help(path: ["doctor"]) == """
            OVERVIEW: Show the settings, each mode's model, and check every backend.

            Settings come from flags, then the environment, then the configuration file,
            then defaults. The API key is shown only as set or unset. Modes shows the
            backend and model each mode uses and where that came from: --model sets every
            mode's model, --small-model the one of term. Classifier checks the image
            classifier that tells a model which cannot see what each photo most resembles
            (ORIGAMI_CLASSIFIER names its directory). Exits 69 when none of the chosen
            backends is available.

            USAGE: origami doctor [OPTIONS]

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfEngine() {
        #expect(formatter.help(path: ["engine"]) == """
            OVERVIEW: Start, stop or inspect the on-box model servers.

            One server runs the model of brainstorm, tutorial and coach, another the small
            model of term; 'origami doctor' shows which model each mode uses.

            USAGE: origami engine [OPTIONS] COMMAND

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            SUBCOMMANDS:
              start                   Start the servers the modes use and load their models.
              stop                    Stop every server.
              status                  Show each server's model, port, uptime, idle time and
                                      slots.

              See 'origami help engine <subcommand>' for detailed help.

            """)
    }

    @Test func helpOfEngineStart() {
        #expect(formatter.help(path: ["engine", "start"]) == """
            OVERVIEW: Start the servers the modes use and load their models.

            USAGE: origami engine start [OPTIONS]

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfEngineStop() {
        #expect(formatter.help(path: ["engine", "stop"]) == """
            OVERVIEW: Stop every server.

            USAGE: origami engine stop [OPTIONS]

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfEngineStatus() {
        #expect(formatter.help(path: ["engine", "status"]) == """
            OVERVIEW: Show each server's model, port, uptime, idle time and slots.

            USAGE: origami engine status [OPTIONS]

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfEval() {
        #expect(formatter.help(path: ["eval"]) == """
            OVERVIEW: Run an evaluation suite and report its metrics.

            Each case runs on a fresh session and its answer is checked against the case's
            expectations. The suite's backend, model and cassette apply unless the command
            line, environment or configuration file names them. Exits 100 when a gate fails;
            with no gate, when any run fails. With --baseline, exits 100 only when a figure
            falls below the baseline report's by more than the margin, and shows the gates
            as goals met or not met. --shard I/N runs one part of the runs; --merge combines
            the parts' JSON reports and checks the gates on the whole. --measurement-only
            asks no model: each coach case's verdict is the one origami would act on if a
            model that cannot see called every step complete (the measured change and a
            library step's shape decide), each photo's category is origami's own reading,
            and only those figures and their gates are reported; the same on every run.

            USAGE: origami eval [OPTIONS] FILE...

            ARGUMENTS:
              FILE...                 The suite file, or with --merge the shards' reports.

            OPTIONS:
              -j, --jobs N            Run N cases at once (default: 1).
              --repeat K              Run every case K times (default: the suite's).
              --filter PATTERN        Only cases whose name matches (glob or text).
              --only-failing REPORT   Only the cases that failed in an earlier JSON report.
              --shard I/N             Run part I of the runs split N ways, e.g. 2/3.
              --merge                 Merge shards' JSON reports (FILE...) into one.
              --no-cache              Ask the model again even when a cached answer exists.
              --measurement-only      Ask no model: coach verdicts are what origami's
                                      measurement backs, categories what it reads.
              --case-timeout SECONDS  Fail a run that takes longer (default: 300).
              --min-pass-rate RATE    Gate: the least pass rate, e.g. 0.9 or 90%.
              --max-false-complete-rate RATE
                                      Gate: the most coach verdicts of complete for
                                      unfinished steps, FP/(FP+TN).
              --min-category-accuracy RATE
                                      Gate: the least photo-category accuracy.
              --min-category-balanced-accuracy RATE
                                      Gate: the least mean recall of the three photo
                                      categories.
              --min-coach-balanced-accuracy RATE
                                      Gate: the least mean of the acted-on coach verdict's
                                      TPR and TNR.
              --baseline REPORT       Fail only when a figure falls below this JSON
                                      report's.
              --baseline-margin RATE  How far a figure may fall below the baseline's
                                      (default: 0.02).
              --json-report FILE      Write the full report as JSON.
              --junit FILE            Write a JUnit XML report.
              --markdown FILE         Write a Markdown summary (also to
                                      $GITHUB_STEP_SUMMARY).
              --html FILE             Write one self-contained HTML page.
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfHelp() {
        #expect(formatter.help(path: ["help"]) == """
            OVERVIEW: Show help for origami or one of its commands.

            USAGE: origami help [OPTIONS] [COMMAND...]

            ARGUMENTS:
              COMMAND...              The command to explain, e.g. 'coach' or 'engine
                                      start'.

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfCompletions() {
        #expect(formatter.help(path: ["completions"]) == """
            OVERVIEW: Print a completion script for bash, zsh or fish.

            Load it in the current shell with 'source <(origami completions bash)', or save
            it where your shell looks for completions, e.g.
            ~/.local/share/bash-completion/completions/origami, ~/.zfunc/_origami (zsh) or
            ~/.config/fish/completions/origami.fish.

            USAGE: origami completions [OPTIONS] SHELL

            ARGUMENTS:
              SHELL                   bash, zsh or fish.

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func helpOfMan() {
        #expect(formatter.help(path: ["man"]) == """
            OVERVIEW: Print the manual page (roff): origami man | man -l -

            USAGE: origami man [OPTIONS]

            OPTIONS:
              -h, --help              Show help information.

              The global options (--backend, --model, --json, --quiet and others) work with
              every command; 'origami --help' lists them.

            """)
    }

    @Test func everyLineFitsEightyColumns() {
        for path in [[]] + Origami.root.subcommands.map({ [$0.name] }) {
            for line in formatter.help(path: path).split(separator: "\n") {
                #expect(line.count <= 80, "\(path): \(line)")
            }
        }
    }

    @Test func hiddenCommandsAreNotListed() {
        let help = HelpFormatter(parser: .withHiddenProbe).help(path: [])
        #expect(help.contains("brainstorm"))
        #expect(!help.contains("_probe"))
    }
}
