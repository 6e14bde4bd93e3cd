// Starter bot in Java for every game: plays a random legal action, or the default
// where the game lists none. ScrimmageBot.java (the SDK, one file, no outside jar)
// goes beside it. Build the jar (a JDK's javac and jar) and run it locally:
//
//     javac -d classes ScrimmageBot.java Starter.java
//     jar --create --file bot.jar --main-class Starter -C classes .
//     scrimmage play tic_tac_toe bot.jar greedy
//
// The JVM runs with a heap of half the bot's memory limit (256 MiB by default),
// the serial collector and the quick compiler only: a bot starts in well under a
// second. Improve me: read request.view (the game's RULES.md describes it).
import java.util.Random;

public class Starter {
    public static void main(String[] args) throws java.io.IOException {
        Random random = new Random();
        ScrimmageBot.run("Java starter", request -> {
            if (request.legal == null || request.legal.isEmpty()) return request.defaultAction;
            return request.legal.get(random.nextInt(request.legal.size()));
        });
    }
}
