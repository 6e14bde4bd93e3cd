// Hostile Java bot: what it attempts is in mode.txt in its folder (the port of the
// test's server in port.txt, the paths to probe in targets.txt). Every attempt is
// reported on stderr in the words the tests read (tests/faults/test_hostile_runtimes.py).
// Built with the SDK (engine/sdk/java/ScrimmageBot.java) into one jar.
import java.io.File;
import java.io.FileOutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public class Hostile {
    static String read(String name) throws Exception {
        return Files.readString(Path.of(name)).trim();
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) { // a child of the memory attack
            byte[] block = new byte[200 << 20];
            java.util.Arrays.fill(block, (byte) 1);
            Thread.sleep(3_600_000);
        }
        String mode = read("mode.txt");
        if (mode.equals("memory")) memory();
        if (mode.equals("network")) network();
        boolean[] attacked = {false};
        ScrimmageBot.run("hostile " + mode, request -> {
            if (!attacked[0]) {
                attacked[0] = true;
                attack(mode);
            }
            return request.legal.get(0);
        });
    }

    static void attack(String mode) throws Exception {
        switch (mode) {
            case "forkbomb": // threads, then more threads: RLIMIT_NPROC counts them
                while (true) {
                    try {
                        new Thread(() -> { try { Thread.sleep(3_600_000); } catch (InterruptedException e) { } }).start();
                    } catch (Throwable e) {
                        Thread.sleep(1);
                    }
                }
            case "write":
                for (String path : new String[] {"/bot/evil.txt", "evil.txt", "/usr/evil.txt", "/evil.txt", "/etc/evil.txt", "/sdk/evil.txt", "/tmp/ok.txt"}) {
                    try (FileOutputStream out = new FileOutputStream(path)) {
                        out.write('x');
                        System.err.println("write " + path + ": WROTE");
                    } catch (Exception e) {
                        System.err.println("write " + path + ": denied (" + e.getClass().getSimpleName() + ")");
                    }
                }
                break;
            case "snoop":
                for (Map.Entry<String, String> e : System.getenv().entrySet()) System.err.println("env " + e.getKey() + "=" + e.getValue());
                for (String path : read("targets.txt").split("\n")) {
                    File f = new File(path);
                    System.err.println("probe " + path + ": " + (f.exists() && f.canRead() ? "READ" : "denied"));
                }
                break;
            case "spin":
                for (long n = 0; ; n++) { if (n < 0) break; }
                break;
            case "flood":
                System.err.print("e".repeat(10 << 20));
                java.io.FileOutputStream stdout = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                stdout.write("x".repeat(3 << 20).getBytes());
                stdout.write('\n');
                stdout.flush();
                break;
            default:
        }
    }

    static void memory() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<Process> children = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            children.add(new ProcessBuilder(java, "-Xmx600m", "-XX:+UseSerialGC", "-cp", "bot.jar", "Hostile", "child")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD) // stdout is the protocol's
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start());
        }
        for (Process p : children) p.waitFor();
    }

    static void network() throws Exception {
        String port = read("port.txt");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(port)), 5000);
            System.err.println("connect 127.0.0.1:" + port + " CONNECTED");
        } catch (Exception e) {
            System.err.println("connect 127.0.0.1:" + port + " blocked (" + e.getClass().getSimpleName() + ")");
        }
    }
}
