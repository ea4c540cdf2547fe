import { apiDeprecatedSunsetParse } from './api-deprecated-sunset-parse.js';
import { apiInvalidStabilityLevel } from './api-invalid-stability-level.js';
import { apiPathRemovedWithoutDeprecation } from './api-path-removed-without-deprecation.js';
import { apiPathSunsetParse } from './api-path-sunset-parse.js';
import { apiRemovedBeforeSunset } from './api-removed-before-sunset.js';
import { apiRemovedWithDeprecation } from './api-removed-with-deprecation.js';
import { apiRemovedWithoutDeprecation } from './api-removed-without-deprecation.js';
import { apiSecurityAdded } from './api-security-added.js';
import { apiSecuritySchemeChanged } from './api-security-scheme-changed.js';
import { apiSecurityScopeAdded } from './api-security-scope-added.js';
import { apiStabilityDecreased } from './api-stability-decreased.js';
import { apiUnstableOperationChanged } from './api-unstable-operation-changed.js';
import { endpointAdded } from './endpoint-added.js';
import { newOptionalRequestParameter } from './new-optional-request-parameter.js';
import { newOptionalRequestProperty } from './new-optional-request-property.js';
import { newRequiredRequestBody } from './new-required-request-body.js';
import { newRequiredRequestParameter } from './new-required-request-parameter.js';
import { newRequiredRequestProperty } from './new-required-request-property.js';
import { requestBodyBecameRequired } from './request-body-became-required.js';
import { requestBodyMediaTypeRemoved } from './request-body-media-type-removed.js';
import { requestBodyRemoved } from './request-body-removed.js';
import { requestParameterBecameRequired } from './request-parameter-became-required.js';
import { requestParameterBecameNotNullable } from './request-parameter-became-not-nullable.js';
import { requestParameterConstraintTightened } from './request-parameter-constraint-tightened.js';
import { requestParameterDefaultValueChanged } from './request-parameter-default-value-changed.js';
import { requestParameterEnumValueAdded } from './request-parameter-enum-value-added.js';
import { requestParameterEnumValueRemoved } from './request-parameter-enum-value-removed.js';
import { requestParameterPropertyBecameRequired } from './request-parameter-property-became-required.js';
import { requestParameterRemoved } from './request-parameter-removed.js';
import { requestParameterRemovedBeforeSunset } from './request-parameter-removed-before-sunset.js';
import { requestParameterRemovedWithDeprecation } from './request-parameter-removed-with-deprecation.js';
import { requestParameterStyleChanged } from './request-parameter-style-changed.js';
import { requestParameterSunsetParse } from './request-parameter-sunset-parse.js';
import { requestParameterTypeChanged } from './request-parameter-type-changed.js';
import { requestPathParameterRenamed } from './request-path-parameter-renamed.js';
import { requestPropertyAdditionalPropertiesClosed } from './request-property-additional-properties-closed.js';
import { requestBodyWrappedInOneOf } from './request-body-wrapped-in-one-of.js';
import { requestPropertyBecameNotNullable } from './request-property-became-not-nullable.js';
import { requestPropertyBecameRequired } from './request-property-became-required.js';
import { requestPropertyConstraintTightened } from './request-property-constraint-tightened.js';
import { requestPropertyContainsAdded } from './request-property-contains-added.js';
import { requestPropertyContentMediaTypeChanged } from './request-property-content-media-type-changed.js';
import { requestPropertyContentSchemaAdded } from './request-property-content-schema-added.js';
import { requestPropertyDefaultValueChanged } from './request-property-default-value-changed.js';
import { requestPropertyDependentRequiredAdded } from './request-property-dependent-required-added.js';
import { requestPropertyDependentSchemaAdded } from './request-property-dependent-schema-added.js';
import { requestPropertyEnumValueAdded } from './request-property-enum-value-added.js';
import { requestPropertyEnumValueRemoved } from './request-property-enum-value-removed.js';
import { requestPropertyIfAdded } from './request-property-if-added.js';
import { requestPropertyPatternAdded } from './request-property-pattern-added.js';
import { requestPropertyPatternPropertyAdded } from './request-property-pattern-property-added.js';
import { requestPropertyPropertyNamesAdded } from './request-property-property-names-added.js';
import { requestPropertyRemoved } from './request-property-removed.js';
import { requestPropertyRemovedFromClosedObject } from './request-property-removed-from-closed-object.js';
import { requestPropertyTypeChanged } from './request-property-type-changed.js';
import { requestPropertyXExtensibleEnumValueRemoved } from './request-property-x-extensible-enum-value-removed.js';
import { requestPropertyUnevaluatedPropertiesAdded } from './request-property-unevaluated-properties-added.js';
import { requestSchemaChangeUnknown } from './request-schema-change-unknown.js';
import { requiredResponseHeaderRemoved } from './required-response-header-removed.js';
import { responseHeaderBecameOptional } from './response-header-became-optional.js';
import { responseMediaTypeRemoved } from './response-media-type-removed.js';
import { responseNonSuccessStatusRemoved } from './response-non-success-status-removed.js';
import { responseOptionalPropertyRemoved } from './response-optional-property-removed.js';
import { responsePropertyBecameNullable } from './response-property-became-nullable.js';
import { responsePropertyBecameOptional } from './response-property-became-optional.js';
import { responsePropertyConstraintLoosened } from './response-property-constraint-loosened.js';
import { responsePropertyContainsRemoved } from './response-property-contains-removed.js';
import { responsePropertyContentMediaTypeChanged } from './response-property-content-media-type-changed.js';
import { responsePropertyContentSchemaRemoved } from './response-property-content-schema-removed.js';
import { responsePropertyDependentRequiredRemoved } from './response-property-dependent-required-removed.js';
import { responsePropertyDependentSchemaRemoved } from './response-property-dependent-schema-removed.js';
import { responsePropertyConstChanged } from './response-property-const-changed.js';
import { responsePropertyEnumValueAdded } from './response-property-enum-value-added.js';
import { responsePropertyIfRemoved } from './response-property-if-removed.js';
import { responsePropertyMaxIncreased } from './response-property-max-increased.js';
import { responsePropertyPatternLoosened } from './response-property-pattern-loosened.js';
import { responsePropertyMinDecreased } from './response-property-min-decreased.js';
import { responsePropertyPatternPropertyRemoved } from './response-property-pattern-property-removed.js';
import { responsePropertyPropertyNamesRemoved } from './response-property-property-names-removed.js';
import { responsePropertyRemoved } from './response-property-removed.js';
import { responsePropertyTypeChanged } from './response-property-type-changed.js';
import { responsePropertyUnevaluatedPropertiesRemoved } from './response-property-unevaluated-properties-removed.js';
import { responseSchemaChangeUnknown } from './response-schema-change-unknown.js';
import { responseSuccessStatusRemoved } from './response-success-status-removed.js';
import { routeAdded } from './route-added.js';
import { routeRemoved } from './route-removed.js';
import { routeRemovedDevelopmentOnly } from './route-removed-development-only.js';
import { routeUndocumented } from './route-undocumented.js';
import { webhookAdded } from './webhook-added.js';
import { webhookRemoved } from './webhook-removed.js';

/**
 * The REST rule catalogue: one entry per file in this folder (the file name is the id), in id order.
 * The catalogue test checks that every rule file is listed here.
 */
export const restRules = [
  apiDeprecatedSunsetParse,
  apiInvalidStabilityLevel,
  apiPathRemovedWithoutDeprecation,
  apiPathSunsetParse,
  apiRemovedBeforeSunset,
  apiRemovedWithDeprecation,
  apiRemovedWithoutDeprecation,
  apiSecurityAdded,
  apiSecuritySchemeChanged,
  apiSecurityScopeAdded,
  apiStabilityDecreased,
  apiUnstableOperationChanged,
  endpointAdded,
  newOptionalRequestParameter,
  newOptionalRequestProperty,
  newRequiredRequestBody,
  newRequiredRequestParameter,
  newRequiredRequestProperty,
  requestBodyBecameRequired,
  requestBodyMediaTypeRemoved,
  requestBodyRemoved,
  requestParameterBecameRequired,
  requestParameterBecameNotNullable,
  requestParameterConstraintTightened,
  requestParameterDefaultValueChanged,
  requestParameterEnumValueAdded,
  requestParameterEnumValueRemoved,
  requestParameterPropertyBecameRequired,
  requestParameterRemoved,
  requestParameterRemovedBeforeSunset,
  requestParameterRemovedWithDeprecation,
  requestParameterStyleChanged,
  requestParameterSunsetParse,
  requestParameterTypeChanged,
  requestPathParameterRenamed,
  requestPropertyAdditionalPropertiesClosed,
  requestBodyWrappedInOneOf,
  requestPropertyBecameNotNullable,
  requestPropertyBecameRequired,
  requestPropertyConstraintTightened,
  requestPropertyContainsAdded,
  requestPropertyContentMediaTypeChanged,
  requestPropertyContentSchemaAdded,
  requestPropertyDefaultValueChanged,
  requestPropertyDependentRequiredAdded,
  requestPropertyDependentSchemaAdded,
  requestPropertyEnumValueAdded,
  requestPropertyEnumValueRemoved,
  requestPropertyIfAdded,
  requestPropertyPatternAdded,
  requestPropertyPatternPropertyAdded,
  requestPropertyPropertyNamesAdded,
  requestPropertyRemoved,
  requestPropertyRemovedFromClosedObject,
  requestPropertyTypeChanged,
  requestPropertyXExtensibleEnumValueRemoved,
  requestPropertyUnevaluatedPropertiesAdded,
  requestSchemaChangeUnknown,
  requiredResponseHeaderRemoved,
  responseHeaderBecameOptional,
  responseMediaTypeRemoved,
  responseNonSuccessStatusRemoved,
  responseOptionalPropertyRemoved,
  responsePropertyBecameNullable,
  responsePropertyBecameOptional,
  responsePropertyConstraintLoosened,
  responsePropertyContainsRemoved,
  responsePropertyContentMediaTypeChanged,
  responsePropertyContentSchemaRemoved,
  responsePropertyDependentRequiredRemoved,
  responsePropertyDependentSchemaRemoved,
  responsePropertyConstChanged,
  responsePropertyEnumValueAdded,
  responsePropertyIfRemoved,
  responsePropertyMaxIncreased,
  responsePropertyPatternLoosened,
  responsePropertyMinDecreased,
  responsePropertyPatternPropertyRemoved,
  responsePropertyPropertyNamesRemoved,
  responsePropertyRemoved,
  responsePropertyTypeChanged,
  responsePropertyUnevaluatedPropertiesRemoved,
  responseSchemaChangeUnknown,
  responseSuccessStatusRemoved,
  routeAdded,
  routeRemoved,
  routeRemovedDevelopmentOnly,
  routeUndocumented,
  webhookAdded,
  webhookRemoved,
] as const;

export type RestRuleId = (typeof restRules)[number]['meta']['id'];
