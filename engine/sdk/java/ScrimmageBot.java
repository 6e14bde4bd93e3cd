// ScrimmageBot.java: the whole Scrimmage bot SDK for Java, in one file with no
// outside jar. It speaks protocol 1 (docs/protocol.md): JSON lines on stdin and
// stdout. JSON values are plain Java: Map<String, Object> (objects), List<Object>
// (lists), Long (integers), Double (numbers with a fraction), String, Boolean and
// null. You write decide:
//
//     public class Bot {
//         public static void main(String[] args) throws java.io.IOException {
//             ScrimmageBot.run("my bot", request ->
//                 request.legal != null ? request.legal.get(0) : request.defaultAction);
//         }
//     }
//
// Build a jar with this file beside yours (see Starter.java's header). While run
// is going, System.out is redirected to stderr (which your bot's owner page shows),
// so a stray println cannot break the protocol. If decide throws, the stack trace
// goes to stderr, the engine records a fault, plays the default action, and your
// bot goes on with the next decision.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class ScrimmageBot {
    public static final int PROTOCOL = 1;

    private ScrimmageBot() {}

    /** One decide message: a decision you must take now. */
    public static final class Request {
        public final Map<String, Object> raw;
        public final long id;
        public final long seat;
        public final Object view; // what you may see now (the game's view)
        public final List<Object> events; // events you saw since your last decision
        public final List<Object> legal; // every legal action, or null (see prompt)
        public final String prompt; // what kind of decision this is
        public final Object defaultAction; // played if you fail to answer in time
        public final boolean secret; // true: other seats do not see your action yet

        @SuppressWarnings("unchecked")
        Request(Map<String, Object> message) {
            raw = message;
            id = ((Number) message.get("id")).longValue();
            seat = ((Number) message.get("seat")).longValue();
            view = message.get("view");
            events = (List<Object>) message.get("events");
            legal = (List<Object>) message.get("legal");
            prompt = (String) message.get("prompt");
            defaultAction = message.get("default");
            secret = Boolean.TRUE.equals(message.get("secret"));
        }
    }

    /** Your bot: decide is required; start and end are called once each. */
    public interface Bot {
        Object decide(Request request) throws Exception;

        default void start(Map<String, Object> match) {}

        default void end(Map<String, Object> result) {}
    }

    /** Serve the engine until the match ends. */
    public static void run(String name, Bot bot) throws IOException {
        PrintStream out = System.out;
        System.setOut(System.err); // stdout belongs to the protocol
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            @SuppressWarnings("unchecked")
            Map<String, Object> message = (Map<String, Object>) parse(line);
            Object type = message.get("type");
            if ("start".equals(type)) {
                bot.start(message);
                send(out, "{\"type\":\"ready\",\"protocol\":1,\"name\":" + write(name) + "}");
            } else if ("decide".equals(type)) {
                Request request = new Request(message);
                try {
                    Object action = bot.decide(request);
                    send(out, "{\"type\":\"action\",\"id\":" + request.id + ",\"action\":" + write(action) + "}");
                } catch (Exception e) {
                    e.printStackTrace();
                    String text = String.valueOf(e);
                    send(out, "{\"type\":\"error\",\"id\":" + request.id + ",\"message\":"
                            + write(text.substring(0, Math.min(200, text.length()))) + "}");
                }
            } else if ("end".equals(type)) {
                bot.end(message);
                return;
            }
        }
    }

    private static void send(PrintStream out, String line) {
        out.print(line + "\n");
        out.flush();
    }

    // ---- JSON: a reader and a writer for the protocol's plain values ----

    public static Object parse(String text) {
        Reader reader = new Reader(text);
        Object value = reader.value();
        reader.space();
        if (reader.at < text.length()) throw new IllegalArgumentException("trailing text at " + reader.at);
        return value;
    }

    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            out.append('"');
            for (char c : ((String) value).toCharArray()) {
                if (c == '"' || c == '\\') out.append('\\').append(c);
                else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                else out.append(c);
            }
            out.append('"');
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                if (!first) out.append(',');
                first = false;
                write(String.valueOf(e.getKey()), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) out.append(',');
                first = false;
                write(item, out);
            }
            out.append(']');
        } else {
            out.append(value); // Long, Integer, Boolean (floats are not actions)
        }
    }

    private static final class Reader {
        final String text;
        int at;

        Reader(String text) {
            this.text = text;
        }

        void space() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        }

        Object value() {
            space();
            char c = text.charAt(at);
            if (c == '{') return object();
            if (c == '[') return list();
            if (c == '"') return string();
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (text.startsWith("null", at)) { at += 4; return null; }
            return number();
        }

        Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            space();
            if (text.charAt(at) == '}') { at++; return map; }
            while (true) {
                space();
                String key = string();
                space();
                expect(':');
                map.put(key, value());
                space();
                if (text.charAt(at) == '}') { at++; return map; }
                expect(',');
            }
        }

        List<Object> list() {
            List<Object> list = new ArrayList<>();
            at++;
            space();
            if (text.charAt(at) == ']') { at++; return list; }
            while (true) {
                list.add(value());
                space();
                if (text.charAt(at) == ']') { at++; return list; }
                expect(',');
            }
        }

        String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = text.charAt(at++);
                if (c == '"') return out.toString();
                if (c != '\\') { out.append(c); continue; }
                char e = text.charAt(at++);
                switch (e) {
                    case 'n': out.append('\n'); break;
                    case 't': out.append('\t'); break;
                    case 'r': out.append('\r'); break;
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    case 'u': out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
                    default: out.append(e);
                }
            }
        }

        Object number() {
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            String n = text.substring(start, at);
            if (n.isEmpty()) throw new IllegalArgumentException("unexpected character at " + start);
            if (n.contains(".") || n.contains("e") || n.contains("E")) return Double.parseDouble(n);
            return Long.parseLong(n);
        }

        void expect(char c) {
            if (text.charAt(at) != c) throw new IllegalArgumentException("expected " + c + " at " + at);
            at++;
        }
    }
}
