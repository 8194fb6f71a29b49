package dicestats

import "math"

// Fit is the goodness of fit of counted rolls to fair dice: Pearson's
// chi-square test of the 36 ordered rolls (35 degrees of freedom) and of the
// six faces over both dice of every roll (5 degrees of freedom), with their
// p-values, and the doubles.
//
// A p-value is the probability that fair dice give a chi-square at least as
// large: a small one says the counts are unusual for fair dice, not that the
// dice were unfair, and a large one proves nothing either. It says nothing
// about any one match: a match whose rolls follow from its seeds is fair
// however unlucky, and a changed roll shows as a mismatch, not here.
type Fit struct {
	Rolls   int
	Counts  [Rolls]int // Counts[6(a−1) + b−1]: die 1 showed a, die 2 b
	Faces   [6]int     // Faces[f−1]: dice that showed f, both dice of every roll
	Doubles int

	// Only meaningful with at least one roll.
	ChiSquare36, P36       float64
	ChiSquareFaces, PFaces float64
}

// Degrees of freedom of the two tests: one less than their cells.
const (
	DegreesOfFreedom36    = Rolls - 1
	DegreesOfFreedomFaces = 6 - 1
)

// Test counts faces and doubles in counts (indexed as Fit.Counts) and runs
// both chi-square tests against fair dice: each ordered roll expected in
// 1 of 36 rolls, each face on 1 of 6 dice.
func Test(counts [Rolls]int) Fit {
	f := Fit{Counts: counts}
	for i, c := range counts {
		a, b := i/6, i%6
		f.Rolls += c
		f.Faces[a] += c
		f.Faces[b] += c
		if a == b {
			f.Doubles += c
		}
	}
	if f.Rolls == 0 {
		return f
	}
	f.ChiSquare36 = chiSquare(counts[:], float64(f.Rolls)/Rolls)
	f.P36 = ChiSquareSurvival(f.ChiSquare36, DegreesOfFreedom36)
	f.ChiSquareFaces = chiSquare(f.Faces[:], float64(2*f.Rolls)/6)
	f.PFaces = ChiSquareSurvival(f.ChiSquareFaces, DegreesOfFreedomFaces)
	return f
}

// chiSquare is Pearson's statistic Σ (observed − expected)² / expected,
// every cell expected equally often.
func chiSquare(observed []int, expected float64) float64 {
	sum := 0.0
	for _, o := range observed {
		d := float64(o) - expected
		sum += d * d / expected
	}
	return sum
}

// ChiSquareSurvival returns P(X ≥ x) for X chi-square distributed with df
// degrees of freedom: Q(df/2, x/2), the regularized upper incomplete gamma
// function. It is 1 for x ≤ 0 and NaN for df < 1.
func ChiSquareSurvival(x float64, df int) float64 {
	if df < 1 || math.IsNaN(x) {
		return math.NaN()
	}
	if x <= 0 {
		return 1
	}
	return UpperGamma(float64(df)/2, x/2)
}

// Where the series and the continued fraction stop: a step that changes
// the sum by less than gammaEpsilon, a little more than float64's epsilon
// (2.2e-16), by which a converged step can still differ from 1.
const (
	gammaEpsilon = 3e-16
	gammaMaxTerm = 10000
	tiny         = 1e-300 // keeps Lentz's method away from dividing by zero
)

// UpperGamma returns Q(a, x) = Γ(a, x) / Γ(a), the regularized upper
// incomplete gamma function, for a > 0 and x ≥ 0 (NaN otherwise). Below
// x = a + 1 it is 1 − P(a, x) from P's power series, where that converges
// fast; above, the continued fraction of Q, evaluated by the modified Lentz
// method (Numerical Recipes, 3rd ed., §6.2), which converges fast there and
// keeps a small Q's relative accuracy instead of losing it to 1 − P.
func UpperGamma(a, x float64) float64 {
	switch {
	case !(a > 0) || !(x >= 0) || math.IsInf(a, 0):
		return math.NaN()
	case x == 0:
		return 1
	case math.IsInf(x, 1):
		return 0
	case x < a+1:
		return 1 - lowerSeries(a, x)
	}
	return upperFraction(a, x)
}

// prefactor is x^a e^−x / Γ(a), in logarithms so that neither power
// overflows.
func prefactor(a, x float64) float64 {
	lgamma, _ := math.Lgamma(a)
	return math.Exp(a*math.Log(x) - x - lgamma)
}

// lowerSeries is P(a, x) = x^a e^−x / Γ(a) · Σₙ xⁿ / (a (a+1) … (a+n)).
func lowerSeries(a, x float64) float64 {
	term := 1 / a
	sum := term
	for n := 1; n < gammaMaxTerm; n++ {
		term *= x / (a + float64(n))
		sum += term
		if math.Abs(term) < math.Abs(sum)*gammaEpsilon {
			break
		}
	}
	return sum * prefactor(a, x)
}

// upperFraction is Q(a, x) = x^a e^−x / Γ(a) · 1/(x+1−a− 1·(1−a)/(x+3−a− 2·(2−a)/(x+5−a− …))).
func upperFraction(a, x float64) float64 {
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < gammaMaxTerm; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		step := d * c
		h *= step
		if math.Abs(step-1) < gammaEpsilon {
			break
		}
	}
	return h * prefactor(a, x)
}
