//! The retry limiters on their own: token buckets, the AWS quota, the retry
//! budget window and the breaker's states, with the clock passed in.
#![cfg(not(target_arch = "wasm32"))]

use retry_lab::amplify::load::limiters::*;

#[test]
fn brooker_bucket_spends_ten_then_needs_ten_successes_per_retry() {
    let mut b = TokenBucket::brooker();
    assert_eq!((0..20).filter(|_| b.try_retry()).count(), 10);
    for _ in 0..9 {
        b.on_success();
    }
    assert!(!b.try_retry());
    b.on_success();
    b.on_success();
    assert!(b.try_retry());
    for _ in 0..1000 {
        b.on_success();
    }
    assert!(b.tokens <= b.capacity);
}

#[test]
fn aws_quota_costs_and_refunds() {
    let mut q = AwsQuota::default();
    assert_eq!(q.try_retry(false), Some(AWS_RETRY_COST));
    assert_eq!(q.try_retry(true), Some(AWS_TIMEOUT_COST));
    assert_eq!(q.tokens, AWS_INITIAL - 15);
    q.on_success(AWS_TIMEOUT_COST);
    q.on_success(0);
    assert_eq!(q.tokens, AWS_INITIAL - 4);
    let mut drained = AwsQuota { tokens: 4 };
    assert_eq!(drained.try_retry(false), None);
}

#[test]
fn retry_budget_is_a_share_of_recent_requests_and_forgets() {
    let mut b = RetryBudget::new(0.1);
    for i in 0..100 {
        b.on_request(f64::from(i) * 0.01);
    }
    assert_eq!((0..50).filter(|_| b.try_retry(1.0)).count(), 10);
    // Ten seconds later the window is empty: no retries without requests.
    assert!(!b.try_retry(11.5));
}

#[test]
fn breaker_opens_fails_fast_probes_and_closes() {
    let mut br = Breaker::default();
    for i in 0..BREAKER_MIN {
        assert!(br.allow(0.5, i));
        br.on_answer(0.5, i, false);
    }
    assert!(!br.is_closed());
    assert!(!br.allow(1.0, 99), "open: fail fast");
    // After the cool-down exactly one probe goes through.
    assert!(br.allow(0.5 + BREAKER_COOLDOWN_S, 7));
    assert!(!br.allow(0.5 + BREAKER_COOLDOWN_S, 8));
    br.on_answer(6.0, 7, false);
    assert!(!br.allow(6.1, 9), "a failed probe opens it again");
    assert!(br.allow(6.0 + BREAKER_COOLDOWN_S, 10));
    br.on_answer(11.5, 10, true);
    assert!(br.is_closed());
    assert!(br.allow(11.6, 11));
}

#[test]
fn breaker_stays_closed_below_the_threshold() {
    let mut br = Breaker::default();
    for i in 0..100 {
        br.on_answer(f64::from(i) * 0.05, i, i % 3 != 0);
    }
    assert!(br.is_closed());
}

#[test]
fn fixed_rate_bucket_refills_with_time_up_to_its_capacity() {
    let mut b = FixedRateBucket::new(2.0);
    assert_eq!((0..20).filter(|_| b.try_retry(0.0)).count(), 10);
    // Empty: two tokens a second come back on their own.
    assert!(!b.try_retry(0.4));
    assert!(b.try_retry(1.0));
    assert!(b.try_retry(1.0));
    assert!(!b.try_retry(1.0));
    assert!(b.try_retry(1.5));
    // Successes still deposit; a long idle spell fills it to the capacity only.
    b.on_success(1.5);
    assert!(b.try_retry(1000.0));
    assert!(b.bucket.tokens <= b.bucket.capacity - 1.0 + 1e-9);
    // Without a rate it is Brooker's bucket.
    let mut z = FixedRateBucket::new(0.0);
    assert_eq!((0..20).filter(|_| z.try_retry(f64::from(5))).count(), 10);
    assert!(!z.try_retry(1e6));
}
