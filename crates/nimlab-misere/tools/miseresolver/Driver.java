// nimlab's driver of MisereSolver: runs it heap by heap on octal codes, the way
// CGSuite's CommandLineInterface does (the periodicity check before each heap, with
// MisereSolver's own criterion), and prints one line per change of the quotient and
// one at the end, for comparisons with nimlab (crates/nimlab-misere/NOTES.md).
// LGPL-3.0-or-later, part of nimlab.
//
//   Driver [--max-heap N] [--timeout SECONDS] [--every-heap] [--log] CODE...
//
// --log prints MisereSolver's own log too: each candidate tried, with its failure.
//
// --timeout counts the solver thread's CPU seconds. Lines: "CODE heap N order Q p P
// cpu S" (S: the solver thread's CPU seconds), then
// "CODE certified heap N order Q p P preperiod A period B cpu S" or
// "CODE partial heap N order Q p P cpu S stopped timeout|max-heap|error".
package org.cgsuite.core.misere.solver;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.cgsuite.core.impartial.Periodicity;
import org.cgsuite.core.impartial.PeriodicityChecker;

public final class Driver {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        int maxHeap = Integer.MAX_VALUE;
        int timeout = 0;
        boolean everyHeap = false, log = false;
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--max-heap" -> maxHeap = Integer.parseInt(args[++i]);
                case "--timeout" -> timeout = Integer.parseInt(args[++i]);
                case "--every-heap" -> everyHeap = true;
                case "--log" -> log = true;
                default -> codes.add(args[i]);
            }
        }
        if (codes.isEmpty()) {
            System.err.println("usage: Driver [--max-heap N] [--timeout SECONDS] [--every-heap] [--log] CODE...");
            System.exit(2);
        }
        for (String code : codes) {
            run(new HeapRuleset(code), maxHeap, timeout, everyHeap, log);
        }
    }

    /**
     * Run one code on a thread of its own, interrupted once it has used `timeout` seconds
     * of CPU time (0: never), so that a loaded machine does not cut it short.
     */
    private static void run(HeapRuleset rules, int maxHeap, int timeout, boolean everyHeap,
            boolean log) throws InterruptedException {
        Thread thread = new Thread(() -> solve(rules, maxHeap, everyHeap, log));
        thread.start();
        while (thread.isAlive()) {
            thread.join(50);
            if (timeout > 0 && THREADS.getThreadCpuTime(thread.getId()) > timeout * 1_000_000_000L) {
                thread.interrupt();
                thread.join();
            }
        }
    }

    private static void solve(HeapRuleset rules, int maxHeap, boolean everyHeap, boolean log) {
        MisereSolver ms = new MisereSolver(rules);
        if (log) {
            ms.logs.add(System.out);
        }
        // CGSuite's TBCode.periodicityChecker for octal codes: at most two heaps left.
        PeriodicityChecker checker = new PeriodicityChecker();
        checker.setLinearCriteria(2, 2, rules.digitCount() - 1 + 2);
        checker.setMaxSaltus(0);
        int order = 1, pSize = 0;
        String stopped = "max-heap";
        try {
            while (ms.p.prefn.size() <= maxHeap) {
                Periodicity period = checker.checkSequence(ms.p.prefn);
                if (period != null && period.saltus() == 0) {
                    System.out.printf("%s certified heap %d order %d p %d preperiod %d period %d cpu %s%n",
                            rules, ms.p.prefn.size() - 1, ms.p.quotient.monoid.size(),
                            ms.p.quotient.pPortionSize(), period.preperiod(), period.period(), cpu());
                    return;
                }
                ms.next();
                int newOrder = ms.p.quotient.monoid.size(), newP = ms.p.quotient.pPortionSize();
                if (everyHeap || newOrder != order || newP != pSize) {
                    System.out.printf("%s heap %d order %d p %d cpu %s%n",
                            rules, ms.p.prefn.size() - 1, newOrder, newP, cpu());
                    System.out.flush();
                }
                order = newOrder;
                pSize = newP;
            }
        } catch (TimeoutException e) {
            stopped = "timeout";
        } catch (RuntimeException | OutOfMemoryError e) {
            stopped = "error " + e.getClass().getSimpleName();
        }
        // On a timeout the pretension is the last heap's (next() replaces it whole).
        System.out.printf("%s partial heap %d order %d p %d cpu %s stopped %s%n",
                rules, ms.p.prefn.size() - 1, ms.p.quotient.monoid.size(),
                ms.p.quotient.pPortionSize(), cpu(), stopped);
        System.out.flush();
    }

    private static String cpu() {
        return String.format("%.3f", THREADS.getCurrentThreadCpuTime() / 1e9);
    }
}

/** Thrown by MisereSolver when its thread is interrupted. */
class TimeoutException extends RuntimeException {
}
