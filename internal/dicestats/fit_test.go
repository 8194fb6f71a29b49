package dicestats

import (
	"math"
	"testing"
)

// upperGammaHalf is Q(n + ½, y) by its closed form, independent of
// UpperGamma: Q(½, y) = erfc(√y), and Γ(a+1, y) = a Γ(a, y) + y^a e^−y
// gives Q(n + ½, y) = erfc(√y) + e^−y Σₖ₌₁..ₙ y^(k−½) / Γ(k + ½).
func upperGammaHalf(n int, y float64) float64 {
	q := math.Erfc(math.Sqrt(y))
	for k := 1; k <= n; k++ {
		a := float64(k) - 0.5
		q += math.Exp(a*math.Log(y) - y - lgamma(a+1))
	}
	return q
}

// upperGammaWhole is Q(n, y) = e^−y Σₖ₌₀..ₙ₋₁ yᵏ / k!, for whole n.
func upperGammaWhole(n int, y float64) float64 {
	sum, term := 0.0, 1.0
	for k := 0; k < n; k++ {
		if k > 0 {
			term *= y / float64(k)
		}
		sum += term
	}
	return sum * math.Exp(-y)
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// TestChiSquareSurvivalClosedForms compares the survival function with the
// closed forms of Q for every odd and even number of degrees of freedom up
// to 60 (the audit uses 5 and 35), on both sides of x = df, where the
// computation switches from the series to the continued fraction.
func TestChiSquareSurvivalClosedForms(t *testing.T) {
	for df := 1; df <= 60; df++ {
		for _, x := range []float64{1e-6, 0.01, 0.5, 1, 2, 4.9, 5, 5.1, 10, 20, 34, 35, 36, 37, 49.8, 57.3, 80, 150, 300, 700} {
			got := ChiSquareSurvival(x, df)
			var want float64
			if df%2 == 1 {
				want = upperGammaHalf(df/2, x/2)
			} else {
				want = upperGammaWhole(df/2, x/2)
			}
			// Absolute 1e-13, and relative 1e-11 for the small tails.
			if diff := math.Abs(got - want); diff > 1e-13 && diff > 1e-11*want {
				t.Errorf("df %d, x %g: %.17g, closed form %.17g", df, x, got, want)
			}
		}
	}
}

// TestChiSquareSurvivalKnownValues checks the 5% and 1% points of the
// chi-square tables and other values of Q, all computed with mpmath at 40
// digits (gammainc(df/2, x/2, inf, regularized=True)), and the edges.
func TestChiSquareSurvivalKnownValues(t *testing.T) {
	for _, c := range []struct {
		x    float64
		df   int
		want float64
	}{
		{3.8414588206941258653, 1, 0.05},
		{6.6348966010212151014, 1, 0.01},
		{5.9914645471079818758, 2, 0.05},
		{11.070497693516354035, 5, 0.05},
		{15.086272469388990062, 5, 0.01},
		{49.801849568201867716, 35, 0.05},
		{57.342073433859247625, 35, 0.01},
		{20, 35, 0.9802309168352654243},
		{35, 35, 0.46820272447140146229},
		{40, 35, 0.25778138125313089731},
		{60, 35, 0.0053432223706284010693},
		{100, 35, 3.5785121342810830709e-8},
		{2, 5, 0.84914503608460963623},
		{4.35, 5, 0.50020012100779296866},
		{9, 5, 0.10906415794977236127},
		{30, 5, 0.000014748581038443052281},
	} {
		if got := ChiSquareSurvival(c.x, c.df); math.Abs(got-c.want) > 1e-14*max(c.want, 1e-3) {
			t.Errorf("Q(χ² ≥ %g, df %d) = %.17g, want %.17g", c.x, c.df, got, c.want)
		}
	}
	if got := ChiSquareSurvival(0, 35); got != 1 {
		t.Errorf("x = 0: %g, want 1", got)
	}
	if got := ChiSquareSurvival(math.Inf(1), 5); got != 0 {
		t.Errorf("x = ∞: %g, want 0", got)
	}
	if got := ChiSquareSurvival(2000, 35); got < 0 || got > 1e-300 {
		t.Errorf("x = 2000: %g, want a tiny non-negative tail", got)
	}
	for _, df := range []int{0, -1} {
		if got := ChiSquareSurvival(1, df); !math.IsNaN(got) {
			t.Errorf("df %d: %g, want NaN", df, got)
		}
	}
	if got := UpperGamma(-1, 1); !math.IsNaN(got) {
		t.Errorf("a = −1: %g, want NaN", got)
	}
}

// TestSurvivalIsMonotone: a larger chi-square is never more likely.
func TestSurvivalIsMonotone(t *testing.T) {
	for _, df := range []int{5, 35} {
		last := 1.0
		for x := 0.0; x < 200; x += 0.05 {
			q := ChiSquareSurvival(x, df)
			if q > last+1e-15 || q < 0 || q > 1 {
				t.Fatalf("df %d: Q(%g) = %g after %g", df, x, q, last)
			}
			last = q
		}
	}
}

func TestFit(t *testing.T) {
	var counts [Rolls]int
	if f := Test(counts); f.Rolls != 0 || f.ChiSquare36 != 0 || f.P36 != 0 {
		t.Errorf("no rolls: %+v", f)
	}
	// Perfectly even: chi-square 0, p-value 1.
	for i := range counts {
		counts[i] = 10
	}
	f := Test(counts)
	if f.Rolls != 360 || f.Doubles != 60 || f.ChiSquare36 != 0 || f.P36 != 1 || f.PFaces != 1 {
		t.Errorf("even counts: %+v", f)
	}
	for face, n := range f.Faces {
		if n != 120 {
			t.Errorf("face %d: %d dice, want 120", face+1, n)
		}
	}
	// Only 6-6, 36 times: both tests far in the tail.
	counts = [Rolls]int{}
	counts[35] = 36
	f = Test(counts)
	// 35 cells expected 1 and observed 0, one expected 1 and observed 36;
	// faces: 72 dice expected 12 each, 72 sixes.
	if want := 35.0 + 35*35; f.ChiSquare36 != want {
		t.Errorf("all 6-6: chi-square %g, want %g", f.ChiSquare36, want)
	}
	if want := 5*12.0 + 60*60/12.0; f.ChiSquareFaces != want {
		t.Errorf("all 6-6: faces chi-square %g, want %g", f.ChiSquareFaces, want)
	}
	if f.P36 > 1e-100 || f.PFaces > 1e-50 || f.Faces[5] != 72 || f.Doubles != 36 {
		t.Errorf("all 6-6: %+v", f)
	}
	// Die 1 and die 2 count separately: 1-2 and 2-1 are two cells.
	counts = [Rolls]int{}
	counts[1] = 3 // 1-2
	f = Test(counts)
	if f.Faces != [6]int{3, 3, 0, 0, 0, 0} || f.Doubles != 0 {
		t.Errorf("1-2 three times: %+v", f)
	}
}
