// nimlab's stand-in for CGSuite's Scala HeapRuleset: the moves of an octal code
// 0.d1d2d3…, read as nimlab reads them (digit d_k: bit 1 takes a whole heap of k
// tokens, bit 2 takes k and leaves one heap, bit 4 takes k and leaves two).
// LGPL-3.0-or-later, part of nimlab.
package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

final class HeapRuleset {
    private final String code;
    private final int[] digits;

    HeapRuleset(String code) {
        if (!code.matches("0\\.[0-7]*[1-7]")) {
            throw new IllegalArgumentException("expected an octal code such as 0.77: " + code);
        }
        this.code = code;
        digits = new int[code.length() - 1];
        for (int k = 1; k < digits.length; k++) {
            digits[k] = code.charAt(k + 1) - '0';
        }
    }

    /** How many digits, d0 included (CGSuite's digits.length). */
    int digitCount() {
        return digits.length;
    }

    List<int[]> heapOptions(int n) {
        List<int[]> options = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= n; k++) {
            int rest = n - k;
            if ((digits[k] & 1) != 0 && rest == 0) {
                options.add(new int[0]);
            }
            if ((digits[k] & 2) != 0 && rest > 0) {
                options.add(new int[] {rest});
            }
            if ((digits[k] & 4) != 0) {
                for (int a = 1; 2 * a <= rest; a++) {
                    options.add(new int[] {a, rest - a});
                }
            }
        }
        return options;
    }

    @Override
    public String toString() {
        return code;
    }
}
