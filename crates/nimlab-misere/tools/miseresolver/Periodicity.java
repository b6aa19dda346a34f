// nimlab's stand-in for CGSuite's Scala case class Periodicity, which
// PeriodicityChecker returns. LGPL-3.0-or-later, part of nimlab.
package org.cgsuite.core.impartial;

public final class Periodicity {
    private final int period, preperiod, saltus;

    public Periodicity(int period, int preperiod, int saltus) {
        this.period = period;
        this.preperiod = preperiod;
        this.saltus = saltus;
    }

    public int period() {
        return period;
    }

    public int preperiod() {
        return preperiod;
    }

    public int saltus() {
        return saltus;
    }
}
